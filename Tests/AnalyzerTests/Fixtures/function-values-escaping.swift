// A function named where an escaping closure is expected is judged as a closure literal
// capturing nothing: it takes its scope from whoever calls it. With no call of its shape in
// the module, what it needs is charged where it is named (`GraphBuilder+ClosureValues`).
import Implicits

struct Printer { init() {} }

func printReceipt(_ scope: ImplicitScope) {
  @Implicit var printer: Printer // expected-note@:17 {{'Printer' is read here}}
}

func later(_ work: @escaping (ImplicitScope) -> Void) {}

func schedule(_ scope: ImplicitScope) {
  later(printReceipt)
  var kept = printReceipt
  kept = printReceipt // expected-note@:10 {{'Printer' is required by the closure created here}}
  _ = kept
}

func scheduleProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var printer = Printer()
  schedule(scope)
}

func scheduleMissing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Printer' at this entry point}}
  defer { scope.end() }
  schedule(scope) // expected-note@:3 {{'Printer' is required by the call to 'schedule(_:)' here}}
}
