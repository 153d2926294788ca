// A coordinator with nested types: its own `Config` and `Router` shadow top-level ones of
// the same name, and nested inits take the scope.
import Implicits

struct Config { var baseURL = "" }
struct Session { init() {} }

final class AppCoordinator {
  struct Config { var retries = 3 }

  enum Route: Hashable {
    case home
    case detail(id: Int)
  }

  final class Router {
    @Implicit var config: Config // expected-note@:19 {{'AppCoordinator.Config' is read by this stored property when 'init(_ scope:)' runs}}
    init(_ scope: ImplicitScope) {}

    func go(to route: Route, _ scope: ImplicitScope) {
      @Implicit var session: Session // expected-note@:21 {{'Session' is read here}}
    }
  }

  private let router: Router

  init(_ scope: ImplicitScope) {
    router = Router(scope) // expected-note@:14 {{'AppCoordinator.Config' is required by the call to 'AppCoordinator.Router.init(_:)' here}}
  }

  func start(_ scope: ImplicitScope) {
    router.go(to: .home, scope)
  }

  static func launch() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var config = AppCoordinator.Config(retries: 1)
    @Implicit var session = Session()
    let coordinator = AppCoordinator(scope)
    coordinator.start(scope)
  }

  static func launchWithTheWrongConfig() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'AppCoordinator.Config' at this entry point}}
    defer { scope.end() }
    @Implicit var config = Fixture.Config(baseURL: "https://example.com")
    @Implicit var session = Session()
    _ = AppCoordinator(scope) // expected-note@:9 {{'AppCoordinator.Config' is required by the call to 'AppCoordinator.init(_:)' here}}
  }
}

func openDetail() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var config = AppCoordinator.Config()
  let router = AppCoordinator.Router(scope)
  router.go(to: .detail(id: 7), scope) // expected-note@:3 {{'Session' is required by the call to 'go(to:_:)' here}}
}
