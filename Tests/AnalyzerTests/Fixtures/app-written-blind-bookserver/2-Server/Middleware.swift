import Core
import Implicits

/// Logs each request and its status, with the request's id.
struct LoggingMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) async throws -> Response {
    @Implicit var logger: Logger
    @Implicit var context: RequestContext
    logger.log("-> \(context.id) \(request.method.rawValue) \(request.path)")
    let response = try await next(request, scope)
    logger.log("<- \(context.id) \(response.status)")
    return response
  }
}

/// Rejects bodies over the configured limit.
struct BodyLimitMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) async throws -> Response {
    @Implicit(\.maxBodyBytes) var limit: Int
    if request.body.utf8.count > limit {
      return Response(status: 413, body: "body over \(limit) bytes")
    }
    return try await next(request, scope)
  }
}

/// Signs the user in from the `token` query item ("tok-ada" is user "ada") for the rest of
/// the chain; anonymous requests pass through as "guest".
struct AuthMiddleware {
  let knownTokens: Set<String>

  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) async throws -> Response {
    let user: String
    if let token = request.query["token"] {
      guard knownTokens.contains(token) else {
        return Response(status: 401, body: "unknown token")
      }
      user = String(token.dropFirst(4))
    } else {
      user = "guest"
    }
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.userName) var userName = user
    audit("signed in \(userName)", scope)
    return try await next(request, scope)
  }
}

/// Wraps a route in the middleware, outermost first.
func compose(_ route: @escaping Handler, tokens: Set<String>) -> Handler {
  let logging = LoggingMiddleware()
  let limit = BodyLimitMiddleware()
  let auth = AuthMiddleware(knownTokens: tokens)
  let authed: Handler = { request, scope in
    try await auth.respond(to: request, scope, next: route)
  }
  let limited: Handler = { request, scope in
    try await limit.respond(to: request, scope, next: authed)
  }
  return { request, scope in
    try await logging.respond(to: request, scope, next: limited)
  }
}
