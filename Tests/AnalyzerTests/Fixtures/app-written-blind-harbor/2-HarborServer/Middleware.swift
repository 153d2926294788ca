import Foundation
import HarborCore
import Implicits

/// Middleware every server installs. Each is a closure of the `Middleware` shape.
public enum StandardMiddleware {
  /// Logs the request and how it ended.
  public static let logging: Middleware = { request, scope, next in
    @Implicit var logger: Logger
    @Implicit(\.requestID) var requestID: String
    logger.info("\(requestID) → \(request.method) \(request.path)")
    let response = try await next(request, scope)
    logger.info("\(requestID) ← \(response.status)")
    return response
  }

  /// Counts requests and failures, also when the rest of the chain throws.
  public static let metrics: Middleware = { request, scope, next in
    @Implicit var metrics: Metrics
    metrics.increment("requests")
    var failed = true
    defer { if failed { metrics.increment("failures") } }
    let response = try await next(request, scope)
    failed = response.status >= 400
    return response
  }

  /// Resolves the caller's tenant from its token and declares it for the rest of the chain.
  public static let authentication: Middleware = { request, scope, next in
    guard let token = request.headers["authorization"] else { throw HTTPError.unauthorized }
    let tenant = try tenant(forToken: token)
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.tenant) var current = tenant
    return try await next(request, scope)
  }

  static func tenant(forToken token: String) throws(HTTPError) -> String {
    let parts = token.split(separator: " ").map(String.init)
    switch (parts.first, parts.dropFirst().first) {
    case ("Bearer", let value?) where value.hasPrefix("acme"): return "acme"
    case ("Bearer", let value?) where value.hasPrefix("globex"): return "globex"
    case ("Bearer", _): throw .unauthorized
    default: throw .badRequest(reason: "malformed authorization")
    }
  }
}
