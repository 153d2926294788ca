// Middleware closure constants called directly by name, with a closure literal for `next`
// (`Layers.authentication(request, scope) { request, scope in … }`): the literal runs where
// the middleware calls `next`, under what it declares there, not where it is written.
// Correct nestings are accepted; a middleware calling `next` before it declares, one
// skipping the declaration on a path, and a reader nested outside the declaring middleware
// are reported at their entry points. A `next` that is not a literal (a parameter) stays a
// call through a value of its type.
import Implicits

struct Request { var token: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }

extension ImplicitsKeys {
  static let tenant = Key<String>()
}

typealias Handler = (Request, ImplicitScope) -> Response
typealias Middleware = (Request, ImplicitScope, Handler) -> Response

enum Layers {
  static let authentication: Middleware = { request, scope, next in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope) // expected-note@:12 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }

  /// Wrong: runs `next` before it declares the tenant.
  static let lateAuthentication: Middleware = { request, scope, next in
    let response = next(request, scope) // expected-note@:20 {{'\.tenant' is required by the closures passed for this parameter, which is called here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    _ = tenant
    return response
  }

  /// Wrong on one path: an anonymous request goes on without a tenant.
  static let optionalAuthentication: Middleware = { request, scope, next in
    if request.token.isEmpty { return next(request, scope) } // expected-note@:39 {{'\.tenant' is required by the closures passed for this parameter, which is called here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope)
  }

  /// Reads the tenant: it must run inside `authentication`.
  static let audit: Middleware = { request, scope, next in
    @Implicit(\.tenant) var tenant: String // expected-note@:29 {{'\.tenant' is read here}}
    @Implicit var logger: Logger
    logger.info(tenant)
    return next(request, scope)
  }
}

func listUsers(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit(\.tenant) var tenant: String // expected-note@:27 {{'\.tenant' is read here}} expected-note@:27 {{'\.tenant' is read here}}
  return Response(body: "users of \(tenant)")
}

func respond(to request: Request, _ scope: ImplicitScope) -> Response {
  Layers.authentication(request, scope, { request, scope in listUsers(request, scope) })
}

func respondAudited(to request: Request, _ scope: ImplicitScope) -> Response {
  Layers.authentication(request, scope) { request, scope in
    Layers.audit(request, scope) { request, scope in listUsers(request, scope) }
  }
}

func respondLate(to request: Request, _ scope: ImplicitScope) -> Response {
  Layers.lateAuthentication(request, scope) { request, scope in listUsers(request, scope) } // expected-note@:3 {{'\.tenant' is required by the call to 'lateAuthentication(_:_:)' here}} expected-note@:65 {{'\.tenant' is required by the call to 'listUsers(_:_:)' here}}
}

func respondOptional(to request: Request, _ scope: ImplicitScope) -> Response {
  Layers.optionalAuthentication(request, scope) { request, scope in listUsers(request, scope) } // expected-note@:3 {{'\.tenant' is required by the call to 'optionalAuthentication(_:_:)' here}} expected-note@:69 {{'\.tenant' is required by the call to 'listUsers(_:_:)' here}}
}

/// Wrong: the audit outside the authentication.
func respondAuditFirst(to request: Request, _ scope: ImplicitScope) -> Response {
  Layers.audit(request, scope) { request, scope in // expected-note@:3 {{'\.tenant' is required by the call to 'audit(_:_:)' here}}
    Layers.authentication(request, scope) { request, scope in listUsers(request, scope) }
  }
}

/// `next` a parameter: every `Handler` closure of the module may run there.
func respondVia(_ route: @escaping Handler, _ request: Request, _ scope: ImplicitScope) -> Response {
  Layers.authentication(request, scope, route) // expected-note@:3 {{'Logger' is required by the call to 'authentication(_:_:_:)' here}}
}

func serve() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respond(to: Request(token: "acme-1"), scope)
  _ = respondAudited(to: Request(token: "acme-1"), scope)
}

func serveLate() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  _ = respondLate(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondLate(to:_:)' here}}
}

func serveOptional() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  _ = respondOptional(to: Request(token: ""), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondOptional(to:_:)' here}}
}

func serveAuditFirst() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respondAuditFirst(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondAuditFirst(to:_:)' here}}
}

/// Wrong: the route handed over reads the logger, which nobody declares.
func serveVia() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  let route: Handler = { request, scope in
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    logger.info(request.token)
    return Response(body: "ok")
  }
  _ = respondVia(route, Request(token: "acme-1"), scope) // expected-note@:7 {{'Logger' is required by the call to 'respondVia(_:_:_:)' here}} expected-note@:18 {{'Logger' is required by the closure created here}}
}
