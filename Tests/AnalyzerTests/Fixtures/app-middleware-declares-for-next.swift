// analyzer-known-issue: a value the authentication middleware declares before it calls `next` is required wherever the composed chain is called (a call through a `Handler` value needs what every `Handler` closure needs): a false '\.tenant' at both entry points
// A blind round (session 13) found it: a server's middleware declares a request-scoped value
// (the caller's tenant) in a nested scope and calls `next` with it; the handlers behind it
// read it. At run time every handler runs under the middleware, so the program is correct.
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
    @Implicit var logger: Logger
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
  return chain(request, scope)
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
  _ = respond(to: Request(token: "acme-1"), scope)
}
