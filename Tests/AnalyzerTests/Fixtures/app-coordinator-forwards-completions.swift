// A coordinator hands the completion it is given on to the function that runs it: a
// non-escaping closure parameter forwarded to another function. The closures passed for it
// run where that function calls it, with what it declares there (the animator), so they
// need the rest from the coordinator's callers. Before, a forwarded closure was charged
// nowhere: what it read was never required. (Two screens passing different completions
// through one function: `app-coordinator-completions-per-call`.)
import Implicits

final class Animator { func run() {} }
final class Analytics { func track(_ event: String) {} }
final class Haptics { func tap() {} }

typealias Completion = (Bool, ImplicitScope) -> Void

/// Runs the animation, then the completion with the animator in scope.
func animate(_ completion: Completion, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var animator = Animator()
  animator.run()
  completion(true, scope)
}

/// The same after a delay, the completion's type written out.
func animate(after delay: Double, _ completion: (Bool, ImplicitScope) -> Void, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var animator = Animator()
  completion(delay > 0, scope) // expected-note@:3 {{'Haptics' is required by the closures passed for this parameter, which is called here}}
}

final class SheetCoordinator {
  func present(_ onDone: Completion, _ scope: ImplicitScope) {
    animate(onDone, scope)
  }

  func dismiss(animated: Bool, _ onDone: (Bool, ImplicitScope) -> Void, _ scope: ImplicitScope) {
    animate(after: animated ? 0.3 : 0, onDone, scope) // expected-note@:5 {{'Haptics' is required by the call to 'animate(after:_:_:)' here}}
  }
}

func showSheet() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  SheetCoordinator().present({ finished, scope in
    @Implicit var animator: Animator
    @Implicit var analytics: Analytics
    animator.run()
    analytics.track("sheet \(finished)")
  }, scope)
}

// Broken: the completion taps haptics, which no one declares (the animator it also reads
// is declared by `animate`).
func closeSheet() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Haptics' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  SheetCoordinator().dismiss(animated: true, { finished, scope in // expected-note@:3 {{'Haptics' is required by the call to 'dismiss(animated:_:_:)' here}} // expected-note@:46 {{'Haptics' is required by the closure created here}}
    @Implicit var animator: Animator
    @Implicit var haptics: Haptics // expected-note@:19 {{'Haptics' is read here}}
    haptics.tap()
  }, scope)
}
