// A blind round (session 13) found it: a server's middleware declares a request-scoped value
// (the caller's tenant) in a nested scope and calls `next` with it; the handlers behind it
// read it. At run time every handler runs under the middleware, so the program is correct.
// The chain is composed with `reduce` over a literal list of closure constants: each call of
// it runs one copy of each middleware, whose `next` runs the step inside it (before, a call
// through a `Handler` value needed what every `Handler` closure needs: a false '\.tenant' at
// both entry points). Wrong chains: `app-middleware-chain-order`, `app-middleware-chain-fallback`.
import Implicits

struct Request { var token: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }

extension ImplicitsKeys {
  static let tenant = Key<String>()
}

typealias Handler = (Request, ImplicitScope) -> Response
typealias Middleware = (Request, ImplicitScope, Handler) -> Response

enum StandardMiddleware {
  static let authentication: Middleware = { request, scope, next in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var tenant = String(request.token.prefix(4))
    return next(request, scope)
  }

  static let logging: Middleware = { request, scope, next in
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    logger.info(request.token)
    return next(request, scope)
  }
}

func listUsers(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit(\.tenant) var tenant: String
  return Response(body: "users of \(tenant)")
}

/// Composes the middleware around the route, outermost first.
func respond(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in listUsers(request, scope) }
  let chain = [StandardMiddleware.logging, StandardMiddleware.authentication].reversed().reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'Logger' is required by the call to 'StandardMiddleware.logging' here}}
}

func serve() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respond(to: Request(token: "acme-1"), scope)
}

func serveWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = respond(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'Logger' is required by the call to 'respond(to:_:)' here}}
}
