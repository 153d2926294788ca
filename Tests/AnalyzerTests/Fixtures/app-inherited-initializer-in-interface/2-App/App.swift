// The library's `ProfileViewModel` inherits `init(_ scope:)` and reads `session`: the
// library's interface lists the inherited initializer as `ProfileViewModel.init(_:)`, so
// `ProfileViewModel(scope)` needs `Session` too, not only the base's `Logger`.
import Base
import Implicits

func openProfile(_ scope: ImplicitScope) {
  _ = ProfileViewModel(scope) // expected-note@:7 {{'Session' is required by the call to 'ProfileViewModel.init(_:)' here}} // expected-note@:7 {{'Session' is read in 'ProfileViewModel.init(_:)' at app-inherited-initializer-in-interface/1-Base/Base.swift:20:24}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
  openProfile(scope)
}

func rootWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  openProfile(scope) // expected-note@:3 {{'Session' is required by the call to 'openProfile(_:)' here}}
}

func openDetail(_ scope: ImplicitScope) {
  _ = DetailViewModel(scope) // expected-note@:7 {{'Router' is required by the call to 'DetailViewModel.init(_:)' here}} // expected-note@:7 {{'Router' is read in 'DetailViewModel.init(_:)' at app-inherited-initializer-in-interface/1-Base/Screens.swift:10:24}}
}

// A `convenience init` of a library class that runs its inherited `init(_ scope:)`.
func openSettings(_ scope: ImplicitScope) {
  _ = SettingsViewModel(scope, preview: true) // expected-note@:7 {{'Theme' is required by the call to 'SettingsViewModel.init(_:preview:)' here}} // expected-note@:7 {{'Theme' is read in 'SettingsViewModel.init(_:preview:)' at app-inherited-initializer-in-interface/1-Base/Screens.swift:14:24}}
}

// The app's subclass of the library's subclass inherits the listed entry.
final class AppDetailViewModel: DetailViewModel { // expected-note@:1 {{'Router' is required by 'Base.DetailViewModel.init(_:)', which this class inherits}} // expected-note@:1 {{'Router' is read in 'DetailViewModel.init(_:)' at app-inherited-initializer-in-interface/1-Base/Screens.swift:10:24}}
  @Implicit var theme: Theme
}

func rootForDetail() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Router' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
  @Implicit var theme = Theme()
  openDetail(scope) // expected-note@:3 {{'Router' is required by the call to 'openDetail(_:)' here}}
  _ = AppDetailViewModel(scope) // expected-note@:7 {{'Router' is required by the call to 'AppDetailViewModel.init(_:)' here}}
  openSettings(scope)
}

func rootForSettings() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  openSettings(scope) // expected-note@:3 {{'Theme' is required by the call to 'openSettings(_:)' here}}
}

// Everything each initializer needs: no error.
func rootWithEverything() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
  @Implicit var router = Router()
  @Implicit var theme = Theme()
  openProfile(scope)
  openDetail(scope)
  openSettings(scope)
  _ = AppDetailViewModel(scope)
}
