// A value bound to a tuple pattern or to `_` is evaluated like any other: the scope it
// opens is an entry point. (The orchard app of the fifth blind round opened its root
// scope as `let (failures, later) = await withScope { … }` in main.swift, and no read
// under it was checked.)
import Implicits

struct Cart { var items = 2 }

func total(_ scope: ImplicitScope) -> Int {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}} // expected-note@:17 {{'Cart' is read here}} // expected-note@:17 {{'Cart' is read here}}
  return cart.items
}

func split() -> (Int, Int) {
  let (paid, left) = withScope { scope in // expected-error@:22 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
    (total(scope), 0) // expected-note@:6 {{'Cart' is required by the call to 'total(_:)' here}}
  }
  return (paid, left)
}

func discard() {
  let _ = withScope { scope in total(scope) } // expected-error@:11 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}} // expected-note@:32 {{'Cart' is required by the call to 'total(_:)' here}}
}

func declared() -> (Int, Int) {
  let (paid, left) = withScope { scope in
    @Implicit var cart = Cart()
    return (total(scope), 1)
  }
  let _ = withScope { scope in
    @Implicit var cart = Cart(items: 3)
    return total(scope)
  }
  return (paid, left)
}
