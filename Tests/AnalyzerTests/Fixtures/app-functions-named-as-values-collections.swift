// Handlers kept in a collection, each run with the caller's scope: every closure of their
// shape a call through a value may run, as closure literals in the same place are.
import Implicits

struct Printer { init() {} }
struct Mailer { init() {} }

func handleA(_ scope: ImplicitScope) {
  @Implicit var printer: Printer
}

func handleB(_ scope: ImplicitScope) {
  @Implicit var mailer: Mailer // expected-note@:17 {{'Mailer' is read here}}
}

func runAll() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Mailer' at this entry point}}
  defer { scope.end() }
  @Implicit var printer = Printer()
  [handleA, handleB].forEach { $0(scope) } // expected-note@:30 {{'Mailer' is required by the closure created here}} // expected-note@:32 {{'Mailer' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}

func runEach() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var printer = Printer()
  @Implicit var mailer = Mailer()
  for handler in [handleA, handleB] { handler(scope) } // expected-note@:28 {{'Mailer' is required by the closure created here}}
}
