// A server's route table: handlers are closures of a typealias'd type that takes the
// scope (declared in this file, used in the other). A closure passed for such a parameter
// gets the scope in the position the alias says, as if the type were written out.
import Implicits

struct Request { var path: String }
struct Response { var status: Int }
struct Metrics { init() {} }
struct Session { init() {} }

typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response

struct Router {
  typealias Middleware = (Request, ImplicitScope, Handler) async throws -> Response
  private(set) var routes: [String: Handler] = [:]
  private(set) var middleware: [Middleware] = []

  mutating func add(_ path: String, _ handler: @escaping Handler) {
    routes[path] = handler
  }

  mutating func use(_ layer: @escaping Middleware) {
    middleware.append(layer)
  }
}
