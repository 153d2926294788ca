// Screens made through their metatype: `type(of: self).make(scope)` in an instance member,
// `Screen.self.make(scope)`, `type(of: screen).make(scope)` call the static factory, as
// at run time; `screen.make(scope)` on a value calls the instance member of that name.
import Implicits

struct Router { init() {} }
struct Analytics { init() {} }

final class ProfileScreen {
  let title: String
  init(title: String) { self.title = title }

  static func make(_ scope: ImplicitScope) -> ProfileScreen {
    @Implicit var router: Router
    return ProfileScreen(title: "Profile")
  }

  /// The same screen, tracked: an instance member of the factory's name.
  func make(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
  }

  func reopened(_ scope: ImplicitScope) -> ProfileScreen {
    type(of: self).make(scope)
  }
}

final class ScreenStack {
  private var screens: [ProfileScreen] = []
  init() {}

  func push(_ scope: ImplicitScope, like screen: ProfileScreen) {
    screens.append(type(of: screen).make(scope))
    screens.append(ProfileScreen.self.make(scope))
    screens.append(screen.reopened(scope))
  }
}

func openProfile() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var router = Router()
  ScreenStack().push(scope, like: ProfileScreen(title: "Home"))
}

// Broken: on a value, `make(scope)` is the instance member, which reads the analytics.
func trackProfile(_ screen: ProfileScreen) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var router = Router()
  _ = type(of: screen).make(scope)
  screen.make(scope) // expected-note@:3 {{'Analytics' is required by the call to 'make(_:)' here}}
}
