import Implicits
import ShelfKit

public struct Request: Sendable {
  public var method: String
  public var path: String
  public var headers: [String: String]
  public var body: String
  public init(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }
}

public struct Response: Sendable, Equatable, CustomStringConvertible {
  public var status: Int
  public var body: String
  public init(status: Int, body: String) {
    self.status = status
    self.body = body
  }
  public var description: String { "\(status) \(body)" }
}

/// A route handler reads its services from the request's scope.
public typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response

/// Wraps every handler, outermost first.
public typealias Middleware = @Sendable (@escaping Handler) -> Handler

public struct Router: Sendable {
  private var routes: [String: Handler] = [:]
  private var middleware: [Middleware] = []

  public init() {}

  public mutating func on(_ method: String, _ path: String, _ handler: @escaping Handler) {
    routes["\(method) \(path)"] = handler
  }

  public mutating func use(_ wrap: @escaping Middleware) {
    middleware.append(wrap)
  }

  public func handle(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    guard let route = routes["\(request.method) \(request.path)"] else {
      return Response(status: 404, body: "no route for \(request.path)")
    }
    let chain = middleware.reversed().reduce(route) { next, wrap in wrap(next) }
    return try await chain(request, scope) // expected-note@:22 {{'Database' is required by the closures this call may run}}
  }
}

/// Logs each request and its status.
public let logging: Middleware = { next in
  { request, scope in
    log("→ \(request.method) \(request.path)", scope)
    let response = try await next(request, scope)
    log("← \(response.status)", scope)
    return response
  }
}

/// Rejects anonymous users.
func authenticated(_ next: @escaping Handler) -> Handler {
  { request, scope in
    @Implicit(\.userID) var userID: String
    guard userID != "anonymous" else {
      return Response(status: 401, body: "log in")
    }
    return try await next(request, scope)
  }
}
