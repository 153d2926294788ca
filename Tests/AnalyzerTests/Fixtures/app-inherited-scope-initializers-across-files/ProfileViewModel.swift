import Implicits

struct Session { var id: Int }

final class ProfileViewModel: BaseViewModel {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read by this stored property when 'init(_ scope:)' runs}}

  func show() { log("session \(session.id)") }
}

// Reads nothing of its own: `SettingsViewModel(scope)` needs what the base's initializer needs.
final class SettingsViewModel: BaseViewModel { // expected-note@:1 {{'Logger' is required by 'BaseViewModel.init(_:)', which this class inherits}}
  var isDirty = false
}
