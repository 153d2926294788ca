// Calls on the elements of a collection reach the element type's methods: `for s in
// screens` and `screens.forEach { $0.show(scope) }` over a stored property's annotation
// (`[any Screen]`, `Array<ProfileScreen>`, a dictionary's `.values`), and `self` in
// `extension Array where Element: Screen` (the protocol extension's method) or
// `where Element == ProfileScreen`. An unrelated type's `show(_:)` is no candidate
// (issue 18 item 8: a false ambiguous-call found by the blind round).
import Implicits

struct Analytics { init() {} }
struct Clock { init() {} }
struct Database { init() {} }

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

/// Shadows the extension's method where the static type is `ProfileScreen`.
struct ProfileScreen: Screen {
  let title = "profile"

  func show(_ scope: ImplicitScope) {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
  }
}

/// Not a screen: its `show(_:)` needs something else, and no call above reaches it.
struct DatabaseInspector {
  func show(_ scope: ImplicitScope) {
    @Implicit var database: Database
  }
}

extension Array where Element: Screen {
  func showAll(_ scope: ImplicitScope) {
    forEach { $0.show(scope) }
  }

  func showInOrder(_ scope: ImplicitScope) {
    for screen in self { screen.show(scope) }
  }
}

extension Array where Element == ProfileScreen {
  func showProfiles(_ scope: ImplicitScope) {
    forEach { profile in profile.show(scope) }
  }
}

final class OnboardingCoordinator {
  var screens: [any Screen] = [AboutScreen()]
  let profiles: Array<ProfileScreen> = [ProfileScreen()]
  var profilesByRoute: [String: ProfileScreen] = [:]

  init() {}

  func start(_ scope: ImplicitScope) {
    for screen in screens { screen.show(scope) } // expected-note@:29 {{'Analytics' is required by the call to 'show(_:)' here}}
    screens.forEach { $0.show(scope) }
  }

  func showProfiles(_ scope: ImplicitScope) {
    for profile in self.profiles { profile.show(scope) } // expected-note@:36 {{'Clock' is required by the call to 'show(_:)' here}}
    for profile in profilesByRoute.values { profile.show(scope) }
  }

  /// Each profile in a scope of its own: the loop variable's key is the element type.
  func presentEach() {
    for profile in profiles {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var current = profile
      present(scope)
    }
    for profile in profilesByRoute.values {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var current = profile
      present(scope)
    }
  }

  // Broken: an element of `screens` is an `any Screen`, not a `ProfileScreen`.
  func presentScreens() {
    for screen in screens {
      let scope = ImplicitScope() // expected-error@:19 [unresolved-implicit] {{unresolved implicit 'ProfileScreen' at this entry point}}
      defer { scope.end() }
      @Implicit var current = screen
      present(scope) // expected-note@:7 {{'ProfileScreen' is required by the call to 'present(_:)' here}}
    }
  }
}

func present(_ scope: ImplicitScope) {
  @Implicit var profile: ProfileScreen // expected-note@:17 {{'ProfileScreen' is read here}}
}

func launch(_ coordinator: OnboardingCoordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  coordinator.start(scope)
  [AboutScreen(), AboutScreen()].showAll(scope)
  [AboutScreen()].showInOrder(scope)
}

func openProfiles(_ coordinator: OnboardingCoordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  coordinator.showProfiles(scope)
  [ProfileScreen()].showProfiles(scope)
}

// Broken: the screens need the analytics.
func launchWithClock(_ coordinator: OnboardingCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  coordinator.start(scope) // expected-note@:3 {{'Analytics' is required by the call to 'start(_:)' here}}
}

// Broken: profiles show through their own method, which reads the clock.
func openProfilesWithAnalytics(_ coordinator: OnboardingCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  coordinator.showProfiles(scope) // expected-note@:3 {{'Clock' is required by the call to 'showProfiles(_:)' here}}
}
