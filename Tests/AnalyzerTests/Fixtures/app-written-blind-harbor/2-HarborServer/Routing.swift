import Foundation
import HarborCore
import Implicits

public struct Request: Sendable {
  public var method: String
  public var path: String
  public var headers: [String: String]
  public init(_ method: String, _ path: String, headers: [String: String] = [:]) {
    self.method = method
    self.path = path
    self.headers = headers
  }
}

public struct Response: Sendable, Equatable {
  public var status: Int
  public var body: String
  public init(status: Int = 200, _ body: String) {
    self.status = status
    self.body = body
  }
}

public enum HTTPError: Error, Equatable {
  case notFound(path: String)
  case unauthorized
  case badRequest(reason: String)

  var response: Response {
    switch self {
    case .notFound(let path): Response(status: 404, "no route \(path)")
    case .unauthorized: Response(status: 401, "unauthorized")
    case .badRequest(let reason): Response(status: 400, reason)
    }
  }
}

/// A route's handler: reads what it needs from the scope it is called with.
public typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response
/// Wraps the rest of the chain; calls `next` (or not) with the scope the chain goes on with.
public typealias Middleware = @Sendable (Request, ImplicitScope, Handler) async throws -> Response

/// A routing table, Vapor-style: `router.get("/users") { request, scope in … }`.
public final class Router: @unchecked Sendable {
  private var routes: [String: Handler] = [:]
  private var middleware: [Middleware] = []

  public init() {}

  public func get(_ path: String, _ handler: @escaping Handler) {
    routes["GET " + path] = handler
  }

  public func post(_ path: String, _ handler: @escaping Handler) {
    routes["POST " + path] = handler
  }

  public func use(_ layer: @escaping Middleware) {
    middleware.append(layer)
  }

  /// Serves one request: declares its id, runs the middleware outside-in, then the route.
  public func respond(to request: Request, _ scope: ImplicitScope) async -> Response {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.requestID) var requestID = request.headers["x-request-id"] ?? "req-\(request.path)"

    let route: Handler = { [routes] request, scope in
      guard let handler = routes[request.method + " " + request.path] else {
        throw HTTPError.notFound(path: request.path)
      }
      return try await handler(request, scope)
    }
    let chain = middleware.reversed().reduce(route) { next, layer in
      { request, scope in try await layer(request, scope, next) }
    }
    do {
      return try await chain(request, scope)
    } catch let error as HTTPError {
      audit("failed \(error)", scope)
      return error.response
    } catch {
      audit("crashed \(error)", scope)
      return Response(status: 500, "\(error)")
    }
  }
}
