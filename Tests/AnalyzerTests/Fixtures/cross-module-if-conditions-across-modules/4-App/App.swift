import Flags
import Implicits
import Logging
import Screens

// Right: each sink and the store declared under the conditions they are read under, written
// the app's way (an `#elseif` where the flags module has two clauses, nesting inverted).
func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit var console = ConsoleSink()
  @Implicit var store = FlagStore()
#elseif os(iOS)
  @Implicit var store = FlagStore()
#endif
#if os(Linux)
  @Implicit var system = SystemLog()
#if DEBUG
  @Implicit var reporter = CrashReporter()
#endif
#endif
  showSettings(scope)
}

// Right: more than needed is fine; everything declared in every configuration.
func launchEverywhere() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var console = ConsoleSink()
  @Implicit var store = FlagStore()
  @Implicit var system = SystemLog()
  @Implicit var reporter = CrashReporter()
  showSettings(scope)
}

// Wrong: the store only on iOS, but DEBUG builds elsewhere read it too.
func launchWithStoreOnIOS() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'FlagStore' at this entry point}}
  defer { scope.end() }
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' holds and 'os(iOS)' does not hold}}
  @Implicit var console = ConsoleSink()
#endif
#if os(iOS)
  @Implicit var store = FlagStore()
#endif
#if os(Linux)
  @Implicit var system = SystemLog()
  @Implicit var reporter = CrashReporter()
#endif
  showSettings(scope) // expected-note@:3 {{'FlagStore' is required by the call to 'showSettings(_:)' here}} // expected-note@:3 {{'FlagStore' is required by the call to 'isEnabled(_:_:)' in 'showSettings(_:)' at cross-module-if-conditions-across-modules/3-Screens/Screens.swift:9:6}} // expected-note@:3 {{'FlagStore' is read in 'isEnabled(_:_:)' at cross-module-if-conditions-across-modules/2-Flags/Flags.swift:9:17}}
}

// Wrong: the crash reporter on macOS, but DEBUG builds on Linux read it.
func launchWithReporterOnMac() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'CrashReporter' at this entry point}}
  defer { scope.end() }
  @Implicit var console = ConsoleSink()
  @Implicit var store = FlagStore()
  @Implicit var system = SystemLog()
#if DEBUG && os(macOS) // expected-note@:1 {{reported where 'DEBUG' holds and 'os(Linux)' holds and 'os(macOS)' does not hold}}
  @Implicit var reporter = CrashReporter()
#endif
  logFailure("launch", scope) // expected-note@:3 {{'CrashReporter' is required by the call to 'logFailure(_:_:)' here}} // expected-note@:3 {{'CrashReporter' is read in 'logFailure(_:_:)' at cross-module-if-conditions-across-modules/1-Logging/Logging.swift:23:17}}
}
