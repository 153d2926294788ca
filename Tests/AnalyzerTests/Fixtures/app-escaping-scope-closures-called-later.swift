// A closure that takes a scope, kept to run later (issue 18, item 8: 5). It reads from the
// scope it is called with, not from where it was made: a coordinator made where nothing
// is declared is correct when whoever calls its callbacks provides what they read.
import Implicits

struct Analytics { init() {} }
struct Router { init() {} }

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

final class LoginCoordinator {
  private let onFinish: (String, ImplicitScope) -> Void
  private var onCancel: ((ImplicitScope) -> Void)?

  init(onFinish: @escaping (String, ImplicitScope) -> Void) {
    self.onFinish = onFinish
  }

  func setCancel(_ handler: @escaping (ImplicitScope) -> Void) {
    onCancel = handler
  }

  func finish(_ user: String, _ scope: ImplicitScope) {
    onFinish(user, scope) // expected-note@:5 {{'Analytics' is required by the call to 'onFinish(_:_:)' here}}
  }

  func cancel(_ scope: ImplicitScope) {
    onCancel?(scope) // expected-note@:5 {{'Router' is required by the closures stored in 'LoginCoordinator.onCancel' that this call may run}}
  }
}

/// Made with nothing in sight: the callbacks read what `finish` and `cancel` are given.
func makeLogin() -> LoginCoordinator {
  let login = LoginCoordinator { user, scope in track("login \(user)", scope) } // expected-note@:32 {{'Analytics' is required by the closure created here}} // expected-note@:49 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  login.setCancel { (scope: ImplicitScope) in // expected-note@:19 {{'Router' is required by the closure created here}}
    @Implicit var router: Router // expected-note@:19 {{'Router' is read here}}
  }
  return login
}

func completeLogin() {
  let login = makeLogin()
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var router = Router()
  login.finish("ann", scope)
  login.cancel(scope)
}

// Broken: the callbacks run here, where neither value is declared.
func abandonLogin(_ login: LoginCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Router' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  login.cancel(scope) // expected-note@:3 {{'Router' is required by the call to 'cancel(_:)' here}}
}

func finishAnonymously(_ login: LoginCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  login.finish("guest", scope) // expected-note@:3 {{'Analytics' is required by the call to 'finish(_:_:)' here}}
}
