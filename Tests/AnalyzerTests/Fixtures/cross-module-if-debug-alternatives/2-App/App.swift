import DebugTools
import Implicits

final class SettingsViewModel {
  let inspector = Inspector()

  func footer(_ scope: ImplicitScope) -> String {
    inspector.inspect(scope) // expected-note@:5 {{'Clock' is required by the call to 'inspect(_:)' here}}
    // expected-note@-1:5 {{'Clock' is read in 'Inspector.inspect(_:)' at cross-module-if-debug-alternatives/1-DebugTools/DebugTools.swift:25:19}}
    return debugOverlay(scope)
  }
}

func showSettings() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  @Implicit var logger = Logger()
  _ = SettingsViewModel().footer(scope)
}

// Broken: debug builds of the library read the clock, which is not declared. (The app has no
// `#if DEBUG` of its own: the note that names the configuration points at the error.)
func showSettingsWithLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} // expected-note@:15 {{reported where 'DEBUG' holds}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = SettingsViewModel().footer(scope) // expected-note@:7 {{'Clock' is required by the call to 'footer(_:)' here}}
}
