import Implicits
import SettingsKit

/// Builds the settings screen inside a scope, then taps its buttons after the scope ended,
/// as a user would.
func showSettings() -> (SettingsModel, [Button], Analytics) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var preferences = Preferences()
  @Implicit var clock = Clock(now: 42)
  @Implicit var analytics = Analytics()
  @Implicit(\.locale) var locale = "de_DE"
  let model = SettingsModel(scope)
  let buttons = SettingsScreen(model: model).body(scope)
  print(debugOverlay(scope))
  return (model, buttons, analytics)
}

// Broken: the model reads the clock when it is made, and no clock is declared.
func showSettingsWithoutClock() -> [Button] {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var preferences = Preferences()
  @Implicit var analytics = Analytics()
  @Implicit(\.locale) var locale = "de_DE"
  return SettingsScreen(model: SettingsModel(scope)).body(scope) // expected-note@:32 {{'Clock' is required by the call to 'SettingsModel.init(_:)' here}}
  // expected-note@-1:32 {{'Clock' is read in 'SettingsModel.init(_:)' at app-written-blind-settings-cli/1-SettingsKit/SettingsScreen.swift:41:37}}
}

func browse() {
  withScope { scope in
    @Implicit var analytics = Analytics()
    @Implicit var clock = Clock(now: 7)
    @Implicit(\.locale) var locale = "fr_FR"
    AboutScreen().showFlow([ProfileScreen(), AboutScreen()], scope)
    var cache = Stamped<String>()
    _ = cache.value(for: "greeting", scope) { "bonjour" }
    print(cache.summary(scope))
    print(analytics.events)
  }
}

func stream() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var preferences = Preferences()
  @Implicit var analytics = Analytics()
  @Implicit(\.locale) var locale = "en_GB"
  let lines = AsyncStream<String> { continuation in
    for line in ["push=on", "garbage", "sync=off"] { continuation.yield(line) }
    continuation.finish()
  }
  let applied = try await apply(lines, scope)
  let counted = await countChanges(["push=on", "sync=on", "x"], scope)
  let pushes = Subject<String>()
  subscribe(pushes, scope)
  print(applied.count, counted, analytics.events)
  pendingPushes = pushes
  pendingPreferences = preferences
}

nonisolated(unsafe) var pendingPushes: Subject<String>?
nonisolated(unsafe) var pendingPreferences: Preferences?

let (model, buttons, analytics) = showSettings()
for button in buttons { button.action() }
print(buttons.map(\.title), model.lastSaved, analytics.events)
browse()
try await stream()
pendingPushes?.send("SYNC=ON")
print("pushed", pendingPreferences?.bool("sync") ?? false)
print(try await SettingsTool.main(["list"], verbose: true))
print(try await SettingsTool.main(["sync", "/settings", "/missing"], verbose: false))
// The broken paths, one per argument: each stops on the missing value at run time.
switch CommandLine.arguments.dropFirst().first {
case "offline"?: print(try await SettingsTool.offline(["sync"]))
case "no-clock"?: print(showSettingsWithoutClock().count)
default: break
}
print("ok")
