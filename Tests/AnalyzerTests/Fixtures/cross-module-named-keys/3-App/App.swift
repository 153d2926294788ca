import Pricing
import Storefront

// The app's own key: it shadows Pricing's `\.region` here, and is a different key.
extension ImplicitsKeys {
  static let region = Key<String>()
}

func checkout(_ scope: ImplicitScope) {
  @Implicit(\.region) var region: String
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.region' of Pricing at this entry point}}
  defer { scope.end() }
  @Implicit(\.region) var region = "EU"
  checkout(scope)
  showPrice(scope) // expected-note@:3 {{'\.region' of Pricing is required by the call to 'showPrice(_:)'}}
  // expected-note@-1:3 {{'\.region' of Pricing is required by the call to 'localizedPrice(_:_:)' in 'showPrice(_:)' at cross-module-named-keys/2-Storefront/Storefront.swift:5:7}}
  // expected-note@-2:3 {{'\.region' of Pricing is read in 'localizedPrice(_:_:)' at cross-module-named-keys/1-Pricing/Pricing.swift:6:27}}
}
