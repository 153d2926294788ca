// A name declared with backticks and called without them, or the other way round, is one
// name: `Settings.default(scope)` needs no backticks after the dot. The backticks were
// kept in the declared name, so such calls were a false `unresolved-call` (found by the
// session-27 hunt).
struct Logger { init() {} }

func log(_ scope: ImplicitScope) { @Implicit var logger: Logger } // expected-note@:50 {{'Logger' is read here}}

enum Settings {
  static func `default`(_ scope: ImplicitScope) { log(scope) } // expected-note@:51 {{'Logger' is required by the call to 'log(_:)' here}}
  static func `class`(_ scope: ImplicitScope) { log(scope) } // expected-note@:49 {{'Logger' is required by the call to 'log(_:)' here}}
}
func `run`(_ scope: ImplicitScope) { log(scope) } // expected-note@:38 {{'Logger' is required by the call to 'log(_:)' here}}
func start(_ scope: ImplicitScope) { log(scope) } // expected-note@:38 {{'Logger' is required by the call to 'log(_:)' here}}

func missing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  Settings.default(scope) // expected-note@:3 {{'Logger' is required by the call to 'default(_:)' here}}
  Settings.`default`(scope) // expected-note@:3 {{'Logger' is required by the call to 'default(_:)' here}}
  Settings.class(scope) // expected-note@:3 {{'Logger' is required by the call to 'class(_:)' here}}
  run(scope) // expected-note@:3 {{'Logger' is required by the call to 'run(_:)' here}}
  `run`(scope) // expected-note@:3 {{'Logger' is required by the call to 'run(_:)' here}}
  `start`(scope) // expected-note@:3 {{'Logger' is required by the call to 'start(_:)' here}}
}

func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  Settings.default(scope)
  run(scope)
}
