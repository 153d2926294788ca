// analyzer-known-issue: middleware written as methods taking `next`, wrapped by hand in a closure that a function returns and a server stores in a property: the call through the property needs what every `Handler` closure stored under no name needs (the routes' too), a false '\.userName' at the entry point
// The form the bookserver blind round (session 15) wrote (`app-written-blind-bookserver`,
// whose three false '\.userName' are recorded there as expectations): the authentication
// middleware declares the user before it calls `next`, and the route that reads it runs
// only behind it. The chain unrolled per call (`app-middleware-chain-order`) is one of
// closure constants composed with `reduce`; here the step closures are written by hand
// and the result is stored, so the route's closures stay one set of their alias.
import Implicits

struct Request { var path: String; var token: String }
struct Response { var body: String }

extension ImplicitsKeys {
  static let userName = Key<String>()
}

typealias Handler = (Request, ImplicitScope) -> Response

struct AuthMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) -> Response {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.userName) var userName = String(request.token.dropFirst(4))
    return next(request, scope)
  }
}

final class Router {
  private var routes: [String: Handler] = [:]

  func add(_ path: String, _ handler: @escaping Handler) { routes[path] = handler }

  func route(_ request: Request, _ scope: ImplicitScope) -> Response {
    guard let handler = routes[request.path] else { return Response(body: "not found") }
    return handler(request, scope)
  }
}

/// Wraps the route in the authentication.
func compose(_ route: @escaping Handler) -> Handler {
  let auth = AuthMiddleware()
  return { request, scope in auth.respond(to: request, scope, next: route) }
}

final class Server {
  private let router: Router
  private let handler: Handler

  init() {
    let router = Router()
    router.add("/whoami") { request, scope in
      @Implicit(\.userName) var user: String
      return Response(body: user)
    }
    self.router = router
    handler = compose({ request, scope in router.route(request, scope) })
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope)
  }

  /// Wrong: past the middleware.
  func handleUnauthenticated(_ request: Request, _ scope: ImplicitScope) -> Response {
    router.route(request, scope)
  }
}

func serve() {
  let scope = ImplicitScope()
  defer { scope.end() }
  _ = Server().handle(Request(path: "/whoami", token: "tok-ada"), scope)
}

func serveUnauthenticated() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userName' at this entry point}}
  defer { scope.end() }
  _ = Server().handleUnauthenticated(Request(path: "/whoami", token: ""), scope)
}
