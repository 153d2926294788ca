import Core
import Implicits

/// Routes by "METHOD path"; unknown paths go to the fallback, if any.
final class Router: @unchecked Sendable {
  private var routes: [String: Handler] = [:]
  private var fallback: Handler?

  init() {}

  func add(_ method: Request.Method, _ path: String, _ handler: @escaping Handler) {
    routes["\(method.rawValue) \(path)"] = handler
  }

  func add(table: [String: Handler]) {
    for (key, handler) in table { routes[key] = handler }
  }

  func setFallback(_ handler: @escaping Handler) {
    fallback = handler
  }

  var paths: [String] { routes.keys.sorted() }

  func route(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    if let handler = routes[request.routeKey] {
      return try await handler(request, scope)
    }
    guard let fallback else { return .notFound(request.path) }
    return try await fallback(request, scope)
  }
}
