import Implicits
import Kit

struct Analytics { init() {} }

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

// Right: DEBUG builds declare what `banner` reads in DEBUG builds; the others read nothing.
func app() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit(\.overlay) var overlay = true
#endif
  return banner("shop", scope)
}

// Wrong: a DEBUG build reads the overlay, and nothing declares it.
func forgot() -> String {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.overlay' of Kit at this entry point}}
  defer { scope.end() }
  return banner("cart", scope) // expected-note@:10 {{'\.overlay' of Kit is required by the call to 'banner(_:_:)' here}} // expected-note@:10 {{'\.overlay' of Kit is read in 'banner(_:_:)' at cross-module-if-debug-requirement/1-Kit/Kit.swift:12:28}} // expected-note@+1:1 {{reported where 'DEBUG' holds}}
#if DEBUG
  // (the nearest `#if DEBUG` of the file, which the configuration note points at)
#endif
}

// Wrong: declared only where DEBUG does not hold, the one configuration that reads nothing.
func inverted() -> String {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.overlay' of Kit at this entry point}}
  defer { scope.end() }
#if !DEBUG // expected-note@:1 {{reported where 'DEBUG' holds}}
  @Implicit(\.overlay) var overlay = false
#endif
  return banner("wishlist", scope) // expected-note@:10 {{'\.overlay' of Kit is required by the call to 'banner(_:_:)' here}} // expected-note@:10 {{'\.overlay' of Kit is read in 'banner(_:_:)' at cross-module-if-debug-requirement/1-Kit/Kit.swift:12:28}}
}

// Wrong in two ways: no configuration declares the analytics, and DEBUG builds miss the
// overlay too. One error names both keys; a note says where the overlay is missing.
func checkout() -> String {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Analytics' and '\.overlay' of Kit at this entry point}} // expected-note@-9:1 {{'\.overlay' of Kit is reported where 'DEBUG' holds}}
  defer { scope.end() }
  track("checkout", scope) // expected-note@:3 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  return banner("checkout", scope) // expected-note@:10 {{'\.overlay' of Kit is required by the call to 'banner(_:_:)' here}} // expected-note@:10 {{'\.overlay' of Kit is read in 'banner(_:_:)' at cross-module-if-debug-requirement/1-Kit/Kit.swift:12:28}}
}
