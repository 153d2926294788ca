// Middleware written as methods taking `next`, wrapped by hand in closures that a function
// returns and a server stores in a property, called through that property: the form the
// bookserver blind round (session 15) wrote (`app-written-blind-bookserver`). The call
// through the property runs what the function returned; the authentication middleware
// declares the user before it calls `next`, so the route reading it is behind it. Each
// server is checked on its own: the correct ones are accepted; a middleware calling `next`
// before it declares, a reader composed outside the declaring middleware and a route reached
// past the middleware are reported at their entry points (a handler set again:
// `app-middleware-handler-set-again`).
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

/// Wrong: runs the rest of the chain before it declares the user.
struct LateAuthMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) -> Response {
    let response = next(request, scope) // expected-note@:20 {{'\.userName' is required by the closures passed for this parameter, which is called here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.userName) var userName = String(request.token.dropFirst(4))
    _ = userName
    return response
  }
}

/// Reads the user: it must run inside `AuthMiddleware`.
struct AuditMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) -> Response {
    @Implicit(\.userName) var userName: String // expected-note@:31 {{'\.userName' is read here}}
    return next(Request(path: request.path, token: userName), scope)
  }
}

final class Router {
  private var routes: [String: Handler] = [:]

  func add(_ path: String, _ handler: @escaping Handler) { routes[path] = handler }

  func route(_ request: Request, _ scope: ImplicitScope) -> Response {
    guard let handler = routes[request.path] else { return Response(body: "not found") }
    return handler(request, scope) // expected-note@:12 {{'\.userName' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }
}

/// Wraps the route in the authentication.
func compose(_ route: @escaping Handler) -> Handler {
  let auth = AuthMiddleware()
  return { request, scope in auth.respond(to: request, scope, next: route) }
}

/// The audit inside the authentication, with a local step, as the bookserver writes it.
func composeAudited(_ route: @escaping Handler) -> Handler {
  let auth = AuthMiddleware()
  let audit = AuditMiddleware()
  let audited: Handler = { request, scope in audit.respond(to: request, scope, next: route) }
  return { request, scope in auth.respond(to: request, scope, next: audited) }
}

/// Wrong: the audit outside the authentication.
func composeAuditFirst(_ route: @escaping Handler) -> Handler {
  let auth = AuthMiddleware()
  let audit = AuditMiddleware()
  let authed: Handler = { request, scope in auth.respond(to: request, scope, next: route) }
  return { request, scope in audit.respond(to: request, scope, next: authed) } // expected-note@:10 {{'\.userName' is required by the closure created here}} expected-note@:30 {{'\.userName' is required by the call to 'respond(to:_:next:)' here}}
}

/// Wrong: with the late authentication.
func composeLate(_ route: @escaping Handler) -> Handler {
  let auth = LateAuthMiddleware()
  return { request, scope in auth.respond(to: request, scope, next: route) } // expected-note@:10 {{'\.userName' is required by the closure created here}} expected-note@:30 {{'\.userName' is required by the call to 'respond(to:_:next:)' here}}
}

func whoami(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit(\.userName) var user: String // expected-note@:29 {{'\.userName' is read here}} expected-note@:29 {{'\.userName' is read here}}
  return Response(body: user)
}

final class Server {
  private let router: Router
  private let handler: Handler

  init() {
    let router = Router()
    router.add("/whoami") { request, scope in whoami(request, scope) }
    self.router = router
    handler = compose({ request, scope in router.route(request, scope) })
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope)
  }

  /// Wrong: past the middleware.
  func handleUnauthenticated(_ request: Request, _ scope: ImplicitScope) -> Response {
    router.route(request, scope) // expected-note@:5 {{'\.userName' is required by the call to 'route(_:_:)' here}}
  }
}

final class AuditedServer {
  private let handler: Handler

  init() {
    handler = composeAudited({ request, scope in whoami(request, scope) })
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope)
  }
}

final class AuditFirstServer {
  private let handler: Handler

  init() {
    handler = composeAuditFirst({ request, scope in whoami(request, scope) })
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope) // expected-note@:5 {{'\.userName' is required by the call to 'handler(_:_:)' here}}
  }
}

final class LateServer {
  private let handler: Handler

  init() {
    handler = composeLate({ request, scope in whoami(request, scope) }) // expected-note@:27 {{'\.userName' is required by the closure created here}} expected-note@:47 {{'\.userName' is required by the call to 'whoami(_:_:)' here}} expected-note@:27 {{'\.userName' is required by the closure created here}} expected-note@:47 {{'\.userName' is required by the call to 'whoami(_:_:)' here}}
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope) // expected-note@:5 {{'\.userName' is required by the call to 'handler(_:_:)' here}}
  }
}

func serve() {
  let scope = ImplicitScope()
  defer { scope.end() }
  _ = Server().handle(Request(path: "/whoami", token: "tok-ada"), scope)
  _ = AuditedServer().handle(Request(path: "/whoami", token: "tok-ada"), scope)
}

func serveUnauthenticated() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userName' at this entry point}}
  defer { scope.end() }
  _ = Server().handleUnauthenticated(Request(path: "/whoami", token: ""), scope) // expected-note@:7 {{'\.userName' is required by the call to 'handleUnauthenticated(_:_:)' here}}
}

func serveAuditFirst() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userName' at this entry point}}
  defer { scope.end() }
  _ = AuditFirstServer().handle(Request(path: "/whoami", token: "tok-ada"), scope) // expected-note@:7 {{'\.userName' is required by the call to 'handle(_:_:)' here}}
}

func serveLate() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userName' at this entry point}}
  defer { scope.end() }
  _ = LateServer().handle(Request(path: "/whoami", token: "tok-ada"), scope) // expected-note@:7 {{'\.userName' is required by the call to 'handle(_:_:)' here}}
}
