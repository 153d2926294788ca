struct Cart { init() {} }

private func refresh(_ scope: ImplicitScope) {
  @Implicit var cart: Cart
}

func openCart() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cart = Cart()
  refresh(scope)
}
