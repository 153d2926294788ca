import Foundation
import Implicits

// The kitchen's order server: a root scope per request, middleware that passes it on.

struct Request {
  var path: String
  var table: Int
  var body: Data = Data()
}

struct Response {
  var status: Int
  var body: String
}

struct KitchenServer {
  let api: any OrderAPI
  let store: OrderStore
  var middleware: [Middleware] = [Middlewares.tableCheck]

  func handle(_ request: Request) async -> Response {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var api = api
    @Implicit var store = store
    @Implicit(\.tableNumber) var table = request.table
    @Implicit(\.requestID) var requestID = UUID()
    @Implicit var tracker = Tracker()
    @Implicit var clock = makeClock()
    @Implicit var logger: any Logging = ConsoleLogger(prefix: "server")
    do {
      return try await serve(request, scope)
    } catch {
      return Response(status: 500, body: "\(error)")
    }
  }

  func route(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    switch request.path {
    case "/orders":
      return try await placeOrder(request, scope)
    case "/menu":
      return await menu(request, scope)
    default:
      return Response(status: 404, body: "")
    }
  }

  func placeOrder(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var store: Store
    @Implicit(\.tableNumber) var table: Int
    let order = await store.open(table: table, scope)
    async let submitted = store.submit(order.id, scope)
    async let audit: Void = audit(order, scope)
    guard let result = try await submitted else { return Response(status: 409, body: "") }
    await audit
    return Response(status: 201, body: "\(result.id)")
  }

  func menu(_ request: Request, _ scope: ImplicitScope) async -> Response {
    @Implicit var api: any OrderAPI
    let menu = await api.refreshMenu(scope)
    return Response(status: 200, body: "\(menu?.sections.count ?? 0)")
  }

  func audit(_ order: Order, _ scope: ImplicitScope) async {
    @Implicit(\.requestID) var requestID: UUID
    @Implicit var logger: any Logging
    logger.log("order \(order.id) in request \(requestID)", scope)
    logger.flush()
  }
}
