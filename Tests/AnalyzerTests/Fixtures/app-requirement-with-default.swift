// A protocol requirement that takes a scope, with a default implementation in an
// extension, is reported once, at the requirement (`dynamic-dispatch`): calls through it
// are not also ambiguous between the requirement and its default (issue 18 item 8).
// A method only in the extension is dispatched statically and checked; a call that may
// reach another type's method of that name stays ambiguous.
import Implicits

struct Analytics { init() {} }
struct Clock { init() {} }

/// Broken: `present(_:)` is a requirement, so a call may run any conformer's version.
protocol Presentable {
  func present(_ scope: ImplicitScope) // expected-error@:8 [dynamic-dispatch] {{protocol requirement 'present(_:)' takes an ImplicitScope}}
}

extension Presentable {
  func present(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
  }
}

struct SettingsPage: Presentable {}

struct ProfilePage: Presentable {
  func present(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}

/// Correct: `show(_:)` is no requirement; a call on a `Screen` runs the extension's.
protocol Screen {
  var title: String { get }
}

extension Screen {
  func show(_ scope: ImplicitScope) { // expected-note@:8 {{candidate 'Screen.show(_:)' requires 'Analytics'}}
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
  }
}

struct AboutScreen: Screen {
  let title = "about"
}

/// Another type's `show(_:)`, which needs the clock.
struct Banner {
  func show(_ scope: ImplicitScope) { // expected-note@:8 {{candidate 'Banner.show(_:)' requires 'Clock'}}
    @Implicit var clock: Clock
  }
}

final class PagesViewModel {
  init() {}

  func open(_ page: any Presentable, _ settings: SettingsPage, _ scope: ImplicitScope) {
    page.present(scope)
    settings.present(scope)
  }

  func show(_ screen: any Screen, _ scope: ImplicitScope) {
    screen.show(scope) // expected-note@:5 {{'Analytics' is required by the call to 'show(_:)' here}}
  }

  // `router.current` is an `AboutScreen` (its initial value says so): the screen's.
  func showCurrent(_ router: Router, _ scope: ImplicitScope) {
    router.current.show(scope)
  }

  // Ambiguous: a cast inside the receiver is not followed, and a screen's `show(_:)` and a
  // banner's need different implicits.
  func showAny(_ page: Any, _ scope: ImplicitScope) {
    (page as! AboutScreen).show(scope) // expected-error@:5 [ambiguous-call] {{ambiguous call to implicit function 'show(_:)': candidates 'Banner.show(_:)', 'Screen.show(_:)'}}
  }
}

struct Router {
  let current = AboutScreen()
}

func run(_ model: PagesViewModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var clock = Clock()
  model.open(ProfilePage(), SettingsPage(), scope)
  model.show(AboutScreen(), scope)
}

// Broken: the screen needs the analytics.
func runWithClock(_ model: PagesViewModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  model.show(AboutScreen(), scope) // expected-note@:3 {{'Analytics' is required by the call to 'show(_:_:)' here}}
}
