// `#if DEBUG` is not known to the analyzer (only `--define` flags are): a value declared
// in every branch of `#if DEBUG … #else` is provided, one declared in a single branch is
// not.
import Implicits

protocol Logging {}
struct ConsoleLogger: Logging { init() {} }
struct SilentLogger: Logging { init() {} }
struct MockServer { init() {} }

func sync(_ scope: ImplicitScope) {
  @Implicit var logger: any Logging
}

func debugMenu(_ scope: ImplicitScope) {
  @Implicit var server: MockServer
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  #if DEBUG
  @Implicit var logger: any Logging = ConsoleLogger()
  #else
  @Implicit var logger: any Logging = SilentLogger()
  #endif
  sync(scope)
}

func launchWithDebugMenu() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'MockServer' at this entry point}}
  defer { scope.end() }
  @Implicit var logger: any Logging = ConsoleLogger()
  #if DEBUG
  @Implicit var server = MockServer() // expected-error@:17 [unknown-condition-declaration] {{implicit 'server' is declared under a '#if' condition the analyzer cannot resolve}} expected-note@-1:3 {{the analyzer cannot tell whether 'DEBUG' holds}}
  #endif
  sync(scope)
  #if DEBUG
  debugMenu(scope) // expected-note@:3 {{'MockServer' is required by the call to 'debugMenu(_:)' here}}
  #endif
}
