import BlindKit
import Implicits

public struct Request: Sendable {
  public let path: String
  public let query: [String: String]
  public init(path: String, query: [String: String] = [:]) { self.path = path; self.query = query }
}

public struct Response: Equatable, Sendable {
  public let status: Int
  public let body: String
}

public typealias RouteHandler = (Request, ImplicitScope) -> Response

public struct Route {
  public let path: String
  public let handler: RouteHandler
  public init(_ path: String, _ handler: @escaping RouteHandler) { self.path = path; self.handler = handler }
}

@resultBuilder
public enum RouteBuilder {
  public static func buildExpression(_ route: Route) -> [Route] { [route] }
  public static func buildBlock(_ routes: [Route]...) -> [Route] { routes.flatMap { $0 } }
  public static func buildOptional(_ routes: [Route]?) -> [Route] { routes ?? [] }
}

/// Dispatches requests to the handler whose path matches.
public final class Router {
  private var table: [String: RouteHandler] = [:]

  public init(@RouteBuilder _ routes: () -> [Route]) {
    for route in routes() { table[route.path] = route.handler }
  }

  public func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    guard let handler = table[request.path] else {
      tally("404", scope)
      return Response(status: 404, body: "no route \(request.path)")
    }
    return handler(request, scope)
  }
}

/// The app's routes, written as a table in the builder.
public func shopRouter(debug: Bool) -> Router {
  Router {
    Route("/hello") { request, scope in
      Response(status: 200, body: Format.greeting(for: request.query["name"] ?? "you", scope))
    }
    Route("/price") { request, scope in
      @Implicit var prices: PriceList
      let id = request.query["id"] ?? ""
      return Response(status: prices[id] == nil ? 404 : 200, body: "\(prices[id, scope])")
    }
    if debug {
      Route("/journal") { (request: Request, scope: ImplicitScope) -> Response in
        @Implicit var journal: Journal
        return Response(status: 200, body: "\(journal.lines.count) lines")
      }
    }
  }
}
