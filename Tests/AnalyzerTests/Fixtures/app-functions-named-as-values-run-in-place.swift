// A test helper runs each step in place, in a scope of its own that provides a logger. A
// step named as a value (`run(logTap, scope)`) needs what the function named needs, as
// the closure `{ scope in logTap(scope) }` written there would (session 28: a silent miss).
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }

func run(_ step: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  step(scope) // expected-note@:3 {{'Analytics' is required by the closures passed for this parameter, which is called here}} // expected-note@:3 {{'Analytics' is required by the closures passed for this parameter, which is called here}}
}

func logTap(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func handleTap(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

func testLogTap() {
  let scope = ImplicitScope()
  defer { scope.end() }
  run(logTap, scope)
  run({ scope in logTap(scope) }, scope)
}

func testHandleTapAsValue() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  run(handleTap, scope) // expected-note@:3 {{'Analytics' is required by the call to 'run(_:_:)' here}} // expected-note@:7 {{'Analytics' is required by the closure created here}}
}

func testHandleTapInClosure() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  run({ scope in handleTap(scope) }, scope) // expected-note@:3 {{'Analytics' is required by the call to 'run(_:_:)' here}} // expected-note@:7 {{'Analytics' is required by the closure created here}} // expected-note@:18 {{'Analytics' is required by the call to 'handleTap(_:)' here}}
}

func testHandleTapProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  run(handleTap, scope)
}

// Kept in a local and called later: runs where it is called, as `let step = { (scope:
// ImplicitScope) in handleTap(scope) }` would.
func tapKeptProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let step = handleTap
  step(scope)
}

func tapKeptMissing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  let step = handleTap // expected-note@:14 {{'Analytics' is required by the call to 'handleTap' here}}
  step(scope) // expected-note@:3 {{'Analytics' is required by the call to 'step(_:)' here}}
}

func tapKeptTwice(_ scope: ImplicitScope) {
  let step = handleTap // expected-note@:14 {{'Analytics' is required by the call to 'handleTap' here}}
  step(scope) // expected-note@:3 {{'Analytics' is required by the call to 'step(_:)' here}}
  step(scope)
}

func tapKeptFromCaller() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  tapKeptTwice(scope) // expected-note@:3 {{'Analytics' is required by the call to 'tapKeptTwice(_:)' here}}
}
