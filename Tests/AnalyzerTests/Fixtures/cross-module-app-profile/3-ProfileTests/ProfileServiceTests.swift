@testable import Services
import Testing

@Suite struct ProfileServiceTests {
  @Test func signsWithTheToken() {
    withScope { scope in
      @Implicit var credentials = Credentials(token: "t")
      #expect(authorize(scope) == "Bearer t")
    }
  }

  /// Calls an internal function: its chain is in the interface too, down to the read.
  @Test func refreshesTheToken() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Credentials' at this entry point}}
    defer { scope.end() }
    #expect(refreshToken(scope).hasSuffix("refreshed"))
    // expected-note@-1:13 {{'Credentials' is required by the call to 'refreshToken(_:)' here}}
    // expected-note@-2:13 {{'Credentials' is required by the call to 'authorize(_:)' in 'refreshToken(_:)' at cross-module-app-profile/1-Services/Credentials.swift:14:16}}
    // expected-note@-3:13 {{'Credentials' is read in 'authorize(_:)' at cross-module-app-profile/1-Services/Credentials.swift:8:17}}
  }

  /// The `withScope` form: the same notes.
  @Test func fetchesTheProfile() {
    withScope { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit 'HTTPClient' at this entry point}}
      @Implicit var credentials = Credentials(token: "t")
      #expect(ProfileService().fetchProfile(scope).name == "/me")
      // expected-note@-1:15 {{'HTTPClient' is required by the call to 'fetchProfile(_:)' here}}
      // expected-note@-2:15 {{'HTTPClient' is read in 'ProfileService.fetchProfile(_:)' at cross-module-app-profile/1-Services/ProfileService.swift:14:19}}
    }
  }
}
