// The README's shopping example, built against the runtime alone (`traits: []`):
// no macros and no plugin, so the named key uses the manual accessor form.
import Implicits

struct Wallet { var balance: Int }

enum DiscountKey: ImplicitKeyType { typealias Value = Double }
extension ImplicitsKeys {
  var discount: DiscountKey.Type { DiscountKey.self }
}

final class Cashier {
  @Implicit() var wallet: Wallet  // captured when the cashier is created
  init(_ scope: ImplicitScope) {}
}

func goShopping(_ scope: ImplicitScope) {
  pay(120, scope)
  let inner = scope.nested()
  defer { inner.end() }
  @Implicit(\.discount) var discount = 0.5  // shadows the outer discount in `inner` only
  pay(120, inner)
}

func pay(_ price: Int, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit(\.discount) var discount: Double
  let due = Int(Double(price) * (1 - discount))
  print("pay \(price) with \(Int(discount * 100))% off: \(due) of \(wallet.balance)")
}

func main() {
  let scope = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 500)
  @Implicit(\.discount) var discount = 0.1
  goShopping(scope)
  let cashier = Cashier(scope)
  let receipt = Implicits.captureAll()
  scope.end()

  // The bag outlives the scope that filled it.
  withScope(with: receipt) { scope in
    pay(10, scope)
  }
  print("cashier still holds a wallet of \(cashier.wallet.balance)")
  print("visible after end: \(ImplicitScope.dumpCurrent().keys)")
}

main()
