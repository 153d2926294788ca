import Services

func schedule(_ work: @escaping () -> Void) { work() }

/// A view model as an app writes it: a root scope per user action, a callback to the view.
final class ProfileViewModel {
  private let service = ProfileService()
  private(set) var name = ""
  var onChange: ((String) -> Void)?

  /// Declares the client but forgets the credentials, which the service reads two calls
  /// down, through a private method: the notes follow them there.
  func load() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Credentials' at this entry point}}
    defer { scope.end() }
    @Implicit var client = HTTPClient()
    name = service.fetchProfile(scope).name
    // expected-note@-1:12 {{'Credentials' is required by the call to 'fetchProfile(_:)' here}}
    // expected-note@-2:12 {{'Credentials' is required by the call to 'signedHeaders(_:)' in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:15:19}}
    // expected-note@-3:12 {{'Credentials' is required by the call to 'authorize(_:)' in 'ProfileService.signedHeaders(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:21:23}}
    // expected-note@-4:12 {{'Credentials' is read in 'authorize(_:)' at cross-module-app-profile/1-Services/Credentials.swift:8:17}}
    onChange?(name)
  }

  /// Everything declared: nothing to report.
  func reload() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client = HTTPClient()
    @Implicit var credentials = Credentials(token: "t")
    name = service.fetchProfile(scope).name
  }

  /// The same call with the bag captured and restored: nothing to report.
  func refreshLaterWithBag(_ scope: ImplicitScope) {
    schedule { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      self.name = self.service.fetchProfile(scope).name
    }
  }
}
