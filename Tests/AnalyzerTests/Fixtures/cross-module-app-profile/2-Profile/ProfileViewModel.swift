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

  /// The call runs later, in an escaping closure that captured no bag: the error is at the
  /// call, and its notes go down into Services for each key.
  func refreshLater(_ scope: ImplicitScope) {
    schedule {
      // expected-error@+1:19 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Credentials' and 'HTTPClient' of the enclosing scope}}
      self.name = self.service.fetchProfile(scope).name
      // expected-note@-1:19 {{'Credentials' is required by the call to 'signedHeaders(_:)' in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:15:19}}
      // expected-note@-2:19 {{'Credentials' is required by the call to 'authorize(_:)' in 'ProfileService.signedHeaders(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:21:23}}
      // expected-note@-3:19 {{'Credentials' is read in 'authorize(_:)' at cross-module-app-profile/1-Services/Credentials.swift:8:17}}
      // expected-note@-4:19 {{'HTTPClient' is read in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:14:19}}
    }
  }

  /// A closure passed to a function the analyzer cannot see (an animation API): it may run
  /// later, so the same notes.
  func animateRefresh(_ scope: ImplicitScope) {
    Animator.animate(duration: 0.3) {
      // expected-error@+1:19 [unclassified-closure-uses-implicit] {{cannot tell whether the closure passed to 'animate' runs before the call returns}}
      self.name = self.service.fetchProfile(scope).name
      // expected-note@-1:19 {{'Credentials' is required by the call to 'signedHeaders(_:)' in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:15:19}}
      // expected-note@-2:19 {{'Credentials' is required by the call to 'authorize(_:)' in 'ProfileService.signedHeaders(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:21:23}}
      // expected-note@-3:19 {{'Credentials' is read in 'authorize(_:)' at cross-module-app-profile/1-Services/Credentials.swift:8:17}}
      // expected-note@-4:19 {{'HTTPClient' is read in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:14:19}}
    }
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
