// Middleware chains composed with `reduce` over a literal list of closure constants, as a
// server wires them. A call of the chain runs the middleware in the order the list gives
// (`reversed()`: outermost first; as is: innermost first), and a handler or middleware
// behind one that declares the tenant before it calls `next` has it. Each chain is checked
// on its own: the correct ones are accepted, and a chain that runs a reader of the tenant
// outside the middleware declaring it, a middleware that calls `next` before it declares,
// or on one path without declaring, and a handler reached with no middleware at all are
// reported at their entry points.
import Implicits

struct Request { var token: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }

extension ImplicitsKeys {
  static let tenant = Key<String>()
}

typealias Handler = (Request, ImplicitScope) -> Response
typealias Middleware = (Request, ImplicitScope, Handler) -> Response
/// The same with the handler first.
typealias Wrapper = (Handler, Request, ImplicitScope) -> Response

enum Layers {
  /// Declares the tenant for the rest of the chain.
  static let authentication: Middleware = { request, scope, next in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope)
  }

  /// Wrong: runs the rest of the chain before it declares the tenant.
  static let lateAuthentication: Middleware = { request, scope, next in
    let response = next(request, scope) // expected-note@:20 {{'\.tenant' is required by the call to 'route' here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    _ = tenant
    return response
  }

  /// Wrong on one path: an anonymous request goes on without a tenant.
  static let optionalAuthentication: Middleware = { request, scope, next in
    if request.token.isEmpty { return next(request, scope) } // expected-note@:39 {{'\.tenant' is required by the call to 'route' here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope)
  }

  /// Reads the tenant: it must run inside `authentication`.
  static let audit: Middleware = { request, scope, next in
    @Implicit(\.tenant) var tenant: String // expected-note@:29 {{'\.tenant' is read here}} expected-note@:29 {{'\.tenant' is read here}}
    @Implicit var logger: Logger
    logger.info("\(tenant) \(request.token)")
    return next(request, scope)
  }
}

enum Wrappers {
  static let authentication: Wrapper = { next, request, scope in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope)
  }
}

func listUsers(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit(\.tenant) var tenant: String // expected-note@:27 {{'\.tenant' is read here}} expected-note@:27 {{'\.tenant' is read here}} expected-note@:27 {{'\.tenant' is read here}}
  return Response(body: "users of \(tenant)")
}

/// Outermost first: the audit runs inside the authentication.
func respondAudited(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) }
  let chain = [Layers.authentication, Layers.audit].reversed().reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope)
}

/// Innermost first (no `reversed()`): the same order.
func respondAuditedInnermostFirst(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) }
  let chain = [Layers.audit, Layers.authentication].reduce(route) { next, layer in
    return { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope)
}

/// `next` passed first, the handler named otherwise and its parameters typed.
func respondWrapped(to request: Request, _ scope: ImplicitScope) -> Response {
  let handler: Handler = { (request: Request, scope: ImplicitScope) in listUsers(request, scope) }
  let chain = [Wrappers.authentication].reduce(handler) { inner, wrap in
    { request, scope in wrap(inner, request, scope) }
  }
  return chain(request, scope)
}

/// Wrong: the audit is outermost, before the tenant is declared.
func respondAuditFirst(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) }
  let chain = [Layers.audit, Layers.authentication].reversed().reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'\.tenant' is required by the call to 'Layers.audit' here}}
}

/// Wrong: the list is innermost first, so the audit ends up outermost.
func respondInnermostFirstMisread(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) }
  let chain = [Layers.authentication, Layers.audit].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'\.tenant' is required by the call to 'Layers.audit' here}}
}

/// Wrong: the middleware calls `next` before it declares.
func respondLate(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) } // expected-note@:44 {{'\.tenant' is required by the call to 'listUsers(_:_:)' here}}
  let chain = [Layers.lateAuthentication].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'\.tenant' is required by the call to 'Layers.lateAuthentication' here}}
}

/// Wrong: anonymous requests reach the handler without a tenant.
func respondOptional(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) } // expected-note@:44 {{'\.tenant' is required by the call to 'listUsers(_:_:)' here}}
  let chain = [Layers.optionalAuthentication].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'\.tenant' is required by the call to 'Layers.optionalAuthentication' here}}
}

/// Wrong: the handler is called directly, past the middleware.
func respondUnguarded(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) } // expected-note@:44 {{'\.tenant' is required by the call to 'listUsers(_:_:)' here}}
  let chain = [Layers.authentication].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  _ = chain
  return route(request, scope) // expected-note@:10 {{'\.tenant' is required by the call to 'route(_:_:)' here}}
}

func serveAudited() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respondAudited(to: Request(token: "acme-1"), scope)
  _ = respondAuditedInnermostFirst(to: Request(token: "acme-1"), scope)
  _ = respondWrapped(to: Request(token: "acme-1"), scope)
}

func serveAuditFirst() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respondAuditFirst(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondAuditFirst(to:_:)' here}}
}

func serveInnermostFirstMisread() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respondInnermostFirstMisread(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondInnermostFirstMisread(to:_:)' here}}
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

func serveUnguarded() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' at this entry point}}
  defer { scope.end() }
  _ = respondUnguarded(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'\.tenant' is required by the call to 'respondUnguarded(to:_:)' here}}
}
