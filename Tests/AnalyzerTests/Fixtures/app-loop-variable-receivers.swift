// A `for` variable over an annotated collection has the collection's element type: a call
// on it reaches that type's members. Over `[any Screen]`, a method of the protocol's
// extension (not a requirement) is the one that runs, not a conforming type's method of
// the same name, so the call needs what the extension's method needs.
import Implicits

struct Analytics { init() {} }
struct Clock { init() {} }

protocol Screen {
  var title: String { get }
}

extension Screen {
  func show(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
  }
}

struct AboutScreen: Screen {
  let title = "about"
}

struct ProfileScreen: Screen {
  let title = "profile"

  // Shadows the extension's method only where the value's static type is ProfileScreen.
  func show(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}

final class FlowCoordinator {
  init() {}

  func start(_ screens: [any Screen], _ scope: ImplicitScope) {
    for screen in screens {
      screen.show(scope) // expected-note@:7 {{'Analytics' is required by the call to 'show(_:)' here}}
    }
    let onboarding: [AboutScreen] = [AboutScreen()]
    for screen in onboarding { screen.show(scope) }
  }

  func showProfiles(_ profiles: [ProfileScreen], _ scope: ImplicitScope) {
    for profile in profiles { profile.show(scope) }
  }
}

func launch(_ coordinator: FlowCoordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  coordinator.start([AboutScreen(), ProfileScreen()], scope)
}

func showProfiles(_ coordinator: FlowCoordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  coordinator.showProfiles([ProfileScreen()], scope)
}

// Broken: the screens need the analytics, and only the clock is declared.
func launchWithClock(_ coordinator: FlowCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  coordinator.start([AboutScreen(), ProfileScreen()], scope) // expected-note@:3 {{'Analytics' is required by the call to 'start(_:_:)' here}}
}
