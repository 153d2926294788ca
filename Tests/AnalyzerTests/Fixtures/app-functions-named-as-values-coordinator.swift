// A coordinator hands its deep-link handlers to a router that calls them later with the
// scope of the link opened: `router.register(handleDeepLink)`, `self.handleLogin`.
import Implicits

struct Link {}
struct Navigator { init() {} }
struct Session { init() {} }

final class DeepLinkRouter {
  private var handlers: [(Link, ImplicitScope) -> Void] = []

  func register(_ handler: @escaping (Link, ImplicitScope) -> Void) {
    handlers.append(handler)
  }

  func open(_ link: Link, _ scope: ImplicitScope) {
    for handler in handlers { handler(link, scope) } // expected-note@:31 {{'Session' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }
}

final class AppCoordinator {
  let router = DeepLinkRouter()

  func start() {
    router.register(handleDeepLink)
    router.register(self.handleLogin) // expected-note@:21 {{'Session' is required by the closure created here}}
  }

  func handleDeepLink(_ link: Link, _ scope: ImplicitScope) {
    @Implicit var navigator: Navigator
  }

  func handleLogin(_ link: Link, _ scope: ImplicitScope) {
    @Implicit var session: Session // expected-note@:19 {{'Session' is read here}}
  }
}

func open(_ link: Link, with router: DeepLinkRouter) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  router.open(link, scope) // expected-note@:3 {{'Session' is required by the call to 'open(_:_:)' here}}
}
