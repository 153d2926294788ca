import Services

final class ProfileButton {
  var onTap: (() -> Void)?
}

/// A coordinator wires callbacks at start: the bags they capture need what the service
/// needs, so a key missing at start is reported there, with the notes down into Services.
final class ProfileCoordinator {
  let button = ProfileButton()
  private let service = ProfileService()

  /// The callback is a named closure wrapper.
  func start() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'HTTPClient' at this entry point}}
    defer { scope.end() }
    @Implicit var credentials = Credentials(token: "t")
    button.onTap = withProfileTapImplicits { scope in _ = self.service.fetchProfile(scope) } // expected-note@:59 {{'HTTPClient' is required by the call to 'fetchProfile(_:)' here}}
    // expected-note@-1:20 {{'HTTPClient' is captured by the closure wrapper 'withProfileTapImplicits' here}}
    // expected-note@-2:59 {{'HTTPClient' is read in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:14:19}}
  }

  /// The callback captures a bag with '#implicits' and runs later.
  func startInBackground() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Credentials' at this entry point}}
    defer { scope.end() }
    @Implicit var client = HTTPClient()
    schedule { [implicits = #implicits] in
      // expected-note@-1:29 {{'Credentials' is captured by the '#implicits' bag here}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      _ = self.service.fetchProfile(scope) // expected-note@:11 {{'Credentials' is required by the call to 'fetchProfile(_:)' here}}
      // expected-note@-1:11 {{'Credentials' is required by the call to 'signedHeaders(_:)' in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:15:19}}
      // expected-note@-2:11 {{'Credentials' is required by the call to 'authorize(_:)' in 'ProfileService.signedHeaders(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:21:23}}
      // expected-note@-3:11 {{'Credentials' is read in 'authorize(_:)' at cross-module-app-profile/1-Services/Credentials.swift:8:17}}
    }
  }
}
