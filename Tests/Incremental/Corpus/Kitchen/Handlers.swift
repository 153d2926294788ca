import Foundation
import Implicits

// Request handlers registered by path: the router keeps them as values and calls the one a
// request names, passing the request's scope on.

typealias RouteHandler = (Request, ImplicitScope) async throws -> Response

struct Routes {
  private var handlers: [String: RouteHandler] = [:]

  mutating func add(_ path: String, _ handler: @escaping RouteHandler) {
    handlers[path] = handler
  }

  func dispatch(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    guard let handler = handlers[request.path] else { return Response(status: 404, body: "") }
    return try await handler(request, scope)
  }
}

enum OrderHandlers {
  static func routes() -> Routes {
    var routes = Routes()
    routes.add("/orders/status") { request, scope in try await status(request, scope) }
    routes.add("/orders/receipt", receipt)
    return routes
  }

  static func status(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var store: Store
    @Implicit var clock: KitchenClock
    let order = await store.order(request.table)
    return Response(status: order == nil ? 404 : 200, body: "\(clock.now())")
  }

  static func receipt(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var logger: any Logging
    logger.log("receipt for table \(request.table)", scope)
    return Response(status: 200, body: "")
  }
}

extension KitchenServer {
  func handleRoutes(_ request: Request) async -> Response {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = store
    @Implicit var api = api
    @Implicit var clock = makeClock()
    @Implicit var tracker = Tracker()
    @Implicit(\.tableNumber) var table = request.table
    @Implicit var logger: any Logging = Services.logger(prefix: "routes")
    do {
      return try await OrderHandlers.routes().dispatch(request, scope)
    } catch {
      return Response(status: 500, body: "\(error)")
    }
  }
}
