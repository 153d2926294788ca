// A coordinator hands the completion each screen gives it on to the function that runs it
// (a non-escaping closure parameter forwarded to another function), and two screens pass
// completions that need different values. Each completion runs only in the call it is
// passed to, where `animate` calls it with the animator declared: each screen needs what
// its own completion needs. Before, the completions passed for one parameter were one set:
// the settings screen was charged the profile screen's analytics, and the reverse.
import Implicits

final class Animator { func run() {} }
final class Analytics { func track(_ event: String) {} }
final class Haptics { func tap() {} }
final class Session { var user = "" }

typealias Completion = (Bool, ImplicitScope) -> Void

/// Runs the animation, then the completion with the animator in scope.
func animate(_ completion: Completion, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var animator = Animator()
  animator.run()
  completion(true, scope) // expected-note@:3 {{'Haptics' is required by the closures passed for this parameter, which is called here}}
}

final class SheetCoordinator {
  func present(_ onDone: Completion, _ scope: ImplicitScope) {
    @Implicit var session: Session // expected-note@:19 {{'Session' is read here}}
    animate(onDone, scope) // expected-note@:5 {{'Haptics' is required by the call to 'animate(_:_:)' here}}
  }
}

func showProfile() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  @Implicit var analytics = Analytics()
  SheetCoordinator().present({ finished, scope in
    @Implicit var animator: Animator
    @Implicit var analytics: Analytics
    animator.run()
    analytics.track("profile \(finished)")
  }, scope)
}

func showSettings() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  @Implicit var haptics = Haptics()
  SheetCoordinator().present({ finished, scope in
    @Implicit var haptics: Haptics
    haptics.tap()
  }, scope)
}

// Broken: this completion taps haptics, which no one declares here.
func showAbout() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Haptics' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  SheetCoordinator().present({ finished, scope in // expected-note@:3 {{'Haptics' is required by the call to 'present(_:_:)' here}} // expected-note@:30 {{'Haptics' is required by the closure created here}}
    @Implicit var animator: Animator
    @Implicit var haptics: Haptics // expected-note@:19 {{'Haptics' is read here}}
    haptics.tap()
  }, scope)
}

// Broken: the coordinator itself reads the session, at every call.
func showWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  SheetCoordinator().present({ finished, scope in
    @Implicit var animator: Animator
    animator.run()
  }, scope) // expected-note@-3:3 {{'Session' is required by the call to 'present(_:_:)' here}}
}
