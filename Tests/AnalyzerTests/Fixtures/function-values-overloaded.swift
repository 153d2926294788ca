// `handle` names two functions that take a scope and need different keys. Swift picks the
// one of the parameter's type: the analyzer keeps the overloads that take their scope where
// the parameter's closure does (`run`: first, `runCounted`: second). Labels written pick one.
import Implicits

struct Printer { init() {} }
struct Mailer { init() {} }

func handle(_ scope: ImplicitScope) {
  @Implicit var printer: Printer // expected-note@:17 {{'Printer' is read here}}
}

func handle(_ count: Int, _ scope: ImplicitScope) {
  @Implicit var mailer: Mailer
}

func run(_ step: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  step(scope) // expected-note@:3 {{'Printer' is required by the closures passed for this parameter, which is called here}}
}

func runCounted(_ step: (Int, ImplicitScope) -> Void, _ scope: ImplicitScope) {
  step(1, scope)
}

func start() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Printer' at this entry point}}
  defer { scope.end() }
  @Implicit var mailer = Mailer()
  runCounted(handle, scope)
  run(handle, scope) // expected-note@:3 {{'Printer' is required by the call to 'run(_:_:)' here}} expected-note@:7 {{'Printer' is required by the closure created here}}
  run(handle(_:), scope) // expected-note@:3 {{'Printer' is required by the call to 'run(_:_:)' here}} expected-note@:7 {{'Printer' is required by the closure created here}}
}
