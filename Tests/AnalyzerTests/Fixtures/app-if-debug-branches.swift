// `#if DEBUG` is not known to the analyzer (only `--define` flags are), so it is either
// way: a value declared in every branch of `#if DEBUG … #else` is provided after it, one
// declared in a single branch only within that branch.
import Implicits

protocol Logging {}
struct ConsoleLogger: Logging { init() {} }
struct SilentLogger: Logging { init() {} }
struct MockServer { init() {} }

func sync(_ scope: ImplicitScope) {
  @Implicit var logger: any Logging
}

func debugMenu(_ scope: ImplicitScope) {
  @Implicit var server: MockServer // expected-note@:17 {{'MockServer' is read here}}
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

// The debug menu's server is declared and used in the same `#if DEBUG`: correct in both
// configurations.
func launchWithDebugMenu() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger: any Logging = ConsoleLogger()
  sync(scope)
  #if DEBUG
  @Implicit var server = MockServer()
  debugMenu(scope)
  #endif
}

// A scope opened and ended inside the `#if DEBUG`, as debug-only code paths do.
func debugSession() {
  #if DEBUG
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var server = MockServer()
  debugMenu(scope)
  #endif
}

// Broken: in a release build nothing declares the server the menu reads.
func launchWithMenuOutsideTheCondition() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'MockServer' at this entry point}}
  defer { scope.end() }
  @Implicit var logger: any Logging = ConsoleLogger()
  #if DEBUG // expected-note@:3 {{reported where 'DEBUG' does not hold}}
  @Implicit var server = MockServer()
  #endif
  sync(scope)
  debugMenu(scope) // expected-note@:3 {{'MockServer' is required by the call to 'debugMenu(_:)' here}}
}
