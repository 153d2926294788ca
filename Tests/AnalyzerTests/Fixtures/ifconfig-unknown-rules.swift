// Scopes and declarations under '#if' conditions the analyzer cannot evaluate.
import Implicits

struct Logger {}
struct HapticEngine {}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

// A whole function under an unknown condition: its own structure does not depend on it.
#if os(iOS)
func vibrate(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var engine = HapticEngine()
}
#endif

// Every branch declares it: one of them surely runs.
func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit var logger = Logger()
#else
  @Implicit var logger = Logger()
#endif
  log(scope)
}

// A closure under the condition has a structure of its own.
func background(_ scope: ImplicitScope) {
#if canImport(Dispatch)
  Task { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    log(scope)
  }
#endif
}

// Declared in one configuration only: the requirement goes on to the callers.
func debugOnly(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' does not hold}}
  @Implicit var logger = Logger()
#endif
  log(scope) // expected-note@:3 {{'Logger' is required by the call to 'log(_:)' here}}
}

func launchDebugOnly() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  debugOnly(scope) // expected-note@:3 {{'Logger' is required by the call to 'debugOnly(_:)' here}}
}

func platformScope(_ scope: ImplicitScope) {
#if os(Linux)
  let scope = scope.nested() // expected-error@:15 [unknown-condition] {{scope created or ended under a '#if' condition}} expected-note@-1:1 {{cannot tell whether 'os(Linux)' holds}}
#else
  let scope = scope.nested() // expected-error@:15 [unknown-condition] {{scope created or ended under a '#if' condition}} expected-note@-1:1 {{cannot tell whether 'os(Linux)' holds}}
#endif
  defer { scope.end() }
  @Implicit var logger = Logger()
  log(scope)
}
