// A settings screen whose debug menu reads an inspector in DEBUG builds only. An entry point
// that misses the analytics in every configuration and the inspector in DEBUG builds gets one
// error naming both (it got one per configuration, at one line: the seventh blind round's
// finding 7), with a note saying where the inspector is missing.
import Implicits

struct Analytics { init() {} }
struct Inspector { init() {} }

func debugMenu(_ scope: ImplicitScope) {
#if DEBUG // expected-note@:1 {{'Inspector' is reported where 'DEBUG' holds}}
  @Implicit var inspector: Inspector // expected-note@:17 {{'Inspector' is read here}}
#endif
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

// Right: the inspector where DEBUG holds, the analytics everywhere.
func openSettings() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
#if DEBUG
  @Implicit var inspector = Inspector()
#endif
  debugMenu(scope)
}

// Wrong: no analytics in any configuration, no inspector where DEBUG holds.
func openSettingsFromWidget() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Analytics' and 'Inspector' at this entry point}}
  defer { scope.end() }
  debugMenu(scope) // expected-note@:3 {{'Analytics' and 'Inspector' are required by the call to 'debugMenu(_:)' here}} // expected-note@:3 {{'Analytics' is required by the call to 'debugMenu(_:)' here}}
}

// Wrong where DEBUG does not hold only: the analytics are declared in DEBUG builds alone.
func openSettingsInDebug() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' does not hold}}
  @Implicit var analytics = Analytics()
  @Implicit var inspector = Inspector()
#endif
  debugMenu(scope) // expected-note@:3 {{'Analytics' is required by the call to 'debugMenu(_:)' here}}
}
