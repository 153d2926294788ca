// Middleware as closure values: `let logging: Middleware = { next in { request, scope in … } }`
// where `Middleware` returns a `Handler` that takes the scope (aliases in this file, the
// middleware in the other). The inner closure takes the scope where `Handler` says.
import Implicits

struct Request { var path: String }
struct Response { var status: Int }
struct Logger { func log(_ line: String) {} }
struct Session { var user: String }

typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response

struct Router {
  typealias Middleware = @Sendable (@escaping Handler) -> Handler
  private var routes: [String: Handler] = [:]
  private var middleware: [Middleware] = []

  mutating func on(_ path: String, _ handler: @escaping Handler) { routes[path] = handler }
  mutating func use(_ wrap: @escaping Middleware) { middleware.append(wrap) }

  func handle(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    guard let route = routes[request.path] else { return Response(status: 404) }
    let chain = middleware.reversed().reduce(route) { next, wrap in wrap(next) }
    return try await chain(request, scope) // expected-note@:22 {{'Session' is required by the closures this call may run}}
  }
}
