// `handle` names two functions that take a scope and need different keys: as a call that
// two candidates take would be, the name is ambiguous. Labels written pick one.
import Implicits

struct Printer { init() {} }
struct Mailer { init() {} }

func handle(_ scope: ImplicitScope) { // expected-note@:6 {{candidate 'handle(_:)' requires 'Printer'}}
  @Implicit var printer: Printer
}

func handle(_ count: Int, _ scope: ImplicitScope) { // expected-note@:6 {{candidate 'handle(_:_:)' requires 'Mailer'}}
  @Implicit var mailer: Mailer
}

func run(_ step: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  step(scope)
}

func start(_ scope: ImplicitScope) {
  run(handle, scope) // expected-error@:7 [ambiguous-call] {{ambiguous call to implicit function 'handle': candidates 'handle(_:)', 'handle(_:_:)' require different implicits}}
  run(handle(_:), scope)
}
