import DebugMenu
import Implicits
import Logging

// Right: the menu reads its theme where DEBUG holds, which is where the app declares it.
func showMenu() {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit var theme = MenuTheme()
#endif
  _ = debugMenuTitle(scope)
}

// Wrong: the logging module was built with DEBUG defined and reads its console in every
// build, also where the app's own DEBUG does not hold.
func logLaunch() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'ConsoleSink' at this entry point}}
  defer { scope.end() }
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' does not hold}}
  @Implicit var console = ConsoleSink()
#endif
  logVerbose("launch", scope) // expected-note@:3 {{'ConsoleSink' is required by the call to 'logVerbose(_:_:)' here}} // expected-note@:3 {{'ConsoleSink' is read in 'logVerbose(_:_:)' at cross-module-if-debug-defined-in-one-module/2-Logging/Logging.swift:10:17}}
}
