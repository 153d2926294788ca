struct Wishlist { init() {} }

fileprivate func refresh(_ scope: ImplicitScope) {
  @Implicit var wishlist: Wishlist // expected-note@:17 {{'Wishlist' is read here}}
}

func openWishlist() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var wishlist = Wishlist()
  refresh(scope)
}

func openWishlistEmpty() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Wishlist' at this entry point}}
  defer { scope.end() }
  refresh(scope) // expected-note@:3 {{'Wishlist' is required by the call to 'refresh(_:)'}}
}
