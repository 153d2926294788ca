// Found by the differential test (Tests/Differential, seed 1): a declaration whose key is
// the type written where its initial value's name is declared runs at run time; the
// analyzer asked for an annotation (and reported the value missing at the entry point)
// until issue 18 item 2.
import Implicits

struct Wallet {
  let balance: Int
  static func make() -> Wallet { Wallet(balance: 0) }
}

struct Cart {
  let items: Int
}

func checkout(_ scope: ImplicitScope) {
  @Implicit var wallet: Wallet // expected-note@:17 {{'Wallet' is read here}}
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}}
  print(wallet.balance, cart.items)
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let current: Cart = Cart(items: 2)
  @Implicit var cart = current
  @Implicit(.lazy) var wallet = Wallet.make()
  checkout(scope)
}

// The same declarations after the call that needs them: the runtime stops.
func late() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Cart' and 'Wallet' at this entry point}}
  defer { scope.end() }
  checkout(scope) // expected-note@:3 {{'Cart' and 'Wallet' are required by the call to 'checkout(_:)' here}}
  let current: Cart = Cart(items: 2)
  @Implicit var cart = current
  @Implicit(.lazy) var wallet = Wallet.make()
}
