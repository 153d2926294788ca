// A coordinator whose navigation steps are global closure constants: called by name, kept
// in an array literal of their alias and run in a loop, and one handed on as a value. A
// call by a constant's name needs what that closure needs; a call through a value needs
// what every closure of its alias (or, of unknown type, of its shape) needs.
import Implicits

final class Navigator { func push(_ screen: String) {} }
final class Analytics { func track(_ event: String) {} }
final class Permissions { func ask() {} }

typealias Step = (Int, ImplicitScope) -> Void

let showProfile: Step = { id, scope in
  @Implicit var navigator: Navigator
  navigator.push("profile \(id)")
}

private let trackOpen: (Int, ImplicitScope) -> Void = { id, scope in
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
  analytics.track("open \(id)")
}

let onboarding: [Step] = [
  { page, scope in // expected-note@:3 {{'Permissions' is required by the closure created here}}
    @Implicit var permissions: Permissions // expected-note@:19 {{'Permissions' is read here}}
    permissions.ask()
  },
  { page, scope in
    @Implicit var navigator: Navigator
    navigator.push("welcome \(page)")
  },
]

final class AppCoordinator {
  private var pending: [Step] = []

  func open(profile id: Int, _ scope: ImplicitScope) {
    trackOpen(id, scope) // expected-note@:5 {{'Analytics' is required by the call to 'trackOpen(_:_:)' here}}
    showProfile(id, scope)
  }

  func later(_ step: @escaping Step) { pending.append(step) }

  func startOnboarding(_ scope: ImplicitScope) {
    for (page, step) in onboarding.enumerated() {
      step(page, scope) // expected-note@:7 {{'Permissions' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
    }
  }
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  @Implicit var analytics = Analytics()
  @Implicit var permissions = Permissions()
  let coordinator = AppCoordinator()
  coordinator.later(showProfile)
  coordinator.startOnboarding(scope)
  coordinator.open(profile: 7, scope)
}

// Broken: opening a profile tracks it, and this deep link declares no analytics.
func openDeepLink(_ id: Int) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  AppCoordinator().open(profile: id, scope) // expected-note@:3 {{'Analytics' is required by the call to 'open(profile:_:)' here}}
}

// Broken: an onboarding page asks for permissions.
func replayOnboarding() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Permissions' at this entry point}}
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  @Implicit var analytics = Analytics()
  AppCoordinator().startOnboarding(scope) // expected-note@:3 {{'Permissions' is required by the call to 'startOnboarding(_:)' here}}
}
