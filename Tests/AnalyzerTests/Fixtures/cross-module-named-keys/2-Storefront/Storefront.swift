import Pricing

// No `region` of its own: `\.region` is Pricing's key.
public func showPrice(_ scope: ImplicitScope) {
  _ = localizedPrice(100, scope)
}

func storefront() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.region) var region = "EU"
  showPrice(scope)
}
