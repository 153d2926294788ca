import Implicits

func openProfile(_ scope: ImplicitScope) {
  let model = ProfileViewModel(scope) // expected-note@:15 {{'Session' is required by the call to 'ProfileViewModel.init(_:)' here}}
  model.show()
}

func openSettings(_ scope: ImplicitScope) {
  _ = SettingsViewModel(scope) // expected-note@:7 {{'Logger' is required by the call to 'SettingsViewModel.init(_:)' here}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(name: "app")
  @Implicit var session = Session(id: 1)
  openProfile(scope)
  openSettings(scope)
}

func rootWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point; declare it in this scope (e.g. '@Implicit var session = Session(…)') before it is needed}}
  defer { scope.end() }
  @Implicit var logger = Logger(name: "app")
  openProfile(scope) // expected-note@:3 {{'Session' is required by the call to 'openProfile(_:)' here}}
  openSettings(scope)
}

func rootWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point; declare it in this scope (e.g. '@Implicit var logger = Logger(…)') before it is needed}}
  defer { scope.end() }
  openSettings(scope) // expected-note@:3 {{'Logger' is required by the call to 'openSettings(_:)' here}}
}
