import Implicits

// Middleware composed by hand: each takes the request, the scope and the next handler.

enum Middlewares {
  static let logging: Middleware = { request, scope, next in
    @Implicit var logger: any Logging
    logger.log("-> \(request.path)", scope)
    return try await next(request, scope)
  }

  static let tableCheck: Middleware = { request, scope, next in
    @Implicit(\.tableNumber) var table: Int
    guard table > 0 else { return Response(status: 400, body: "no table") }
    return try await next(request, scope)
  }
}

extension KitchenServer {
  func chain(_ handler: @escaping Handler) -> Handler {
    middleware.reversed().reduce(handler) { next, middleware in
      { request, scope in try await middleware(request, scope, next) }
    }
  }

  func serve(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    let handler = chain { request, scope in try await self.route(request, scope) }
    return try await Middlewares.logging(request, scope, handler)
  }
}
