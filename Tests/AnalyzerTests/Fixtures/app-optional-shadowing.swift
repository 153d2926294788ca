// `guard let` / `if let` shadow an optional with its unwrapped value; calls on the
// unwrapped name reach the wrapped type's methods.
import Implicits

struct Token { init() {} }
struct Cache { init() {} }

final class User {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var token: Token
  }
}

final class Profile {
  func reload(_ scope: ImplicitScope) {
    @Implicit var cache: Cache // expected-note@:19 {{'Cache' is read here}}
  }
}

final class AccountScreen {
  var user: User?
  var profile: Profile?

  func update(_ scope: ImplicitScope) {
    guard let user else { return }
    user.refresh(scope)
    if let profile = profile {
      profile.reload(scope) // expected-note@:7 {{'Cache' is required by the call to 'reload(_:)' here}}
    }
    profile?.reload(scope)
  }
}

func signIn(current: User?) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token()
  guard let current = current else { return }
  current.refresh(scope)
  let maybe: User? = current
  if let maybe {
    maybe.refresh(scope)
  }
}

func openAccount(_ screen: AccountScreen) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cache' at this entry point}}
  defer { scope.end() }
  @Implicit var token = Token()
  screen.update(scope) // expected-note@:3 {{'Cache' is required by the call to 'update(_:)' here}}
}
