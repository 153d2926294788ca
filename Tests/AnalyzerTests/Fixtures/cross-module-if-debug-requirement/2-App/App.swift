import Implicits
import Kit

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
  return banner("cart", scope) // expected-note@:10 {{'\.overlay' of Kit is required by the call to 'banner(_:_:)' here}} // expected-note@:10 {{'\.overlay' of Kit is read in 'banner(_:_:)' at cross-module-if-debug-requirement/1-Kit/Kit.swift:11:28}} // expected-note@+1:1 {{reported where 'DEBUG' holds}}
#if DEBUG
  // (the nearest `#if DEBUG` of the file, which the configuration note points at)
#endif
}
