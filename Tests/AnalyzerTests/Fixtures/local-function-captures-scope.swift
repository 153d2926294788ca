// A local function that uses the enclosing function's scope runs with what is visible
// where it is called.
struct Card { init() {} }
struct Receipt { init() {} }

func charge(_ scope: ImplicitScope) {
  @Implicit var card: Card
}

func printReceipt(_ scope: ImplicitScope) {
  @Implicit var receipt: Receipt // expected-note@:17 {{'Receipt' is read here}}
}

func checkout(_ scope: ImplicitScope) {
  func pay() {
    charge(scope)
  }
  let inner = scope.nested()
  defer { inner.end() }
  @Implicit var card = Card()
  pay()
}

func refund(_ scope: ImplicitScope) {
  func finish() {
    printReceipt(scope) // expected-note@:5 {{'Receipt' is required by the call to 'printReceipt(_:)' here}}
  }
  finish() // expected-note@:3 {{'Receipt' is required by the call to 'finish()' here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Receipt' at this entry point}}
  defer { scope.end() }
  checkout(scope)
  refund(scope) // expected-note@:3 {{'Receipt' is required by the call to 'refund(_:)'}}
}
