import Foundation
import HarborCore
import Implicits

/// The server: a router with the standard middleware and every controller's routes.
public final class HarborServer: @unchecked Sendable {
  @Implicit var config: ServerConfig
  private let router = Router()
  private lazy var routeCount: Int = countRoutes()

  public init(_ scope: ImplicitScope) {
    router.use(StandardMiddleware.logging)
    router.use(StandardMiddleware.metrics)
    router.use(StandardMiddleware.authentication)
    UserController().register(on: router)
    StatusRoutes.register(on: router)
    PhotoRoutes.register(on: router)
  }

  private func countRoutes() -> Int { 7 }

  public var summary: String { "\(config.deployment.label) with \(routeCount) routes" }

  /// One request, as a connection's read loop would hand it over.
  public func handle(_ request: Request, _ scope: ImplicitScope) async -> Response {
    await router.respond(to: request, scope)
  }

  /// Several requests at once, each in a child task of its own.
  public func handleAll(_ requests: [Request], _ scope: ImplicitScope) async -> [Response] {
    await withTaskGroup(of: (Int, Response).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask {
          (index, await self.router.respond(to: request, scope))
        }
      }
      var responses = [Response?](repeating: nil, count: requests.count)
      for await (index, response) in group { responses[index] = response }
      return responses.map { $0 ?? Response(status: 500, "lost") }
    }
  }

  /// A warm-up pair: both requests start before either is awaited.
  public func warmUp(_ scope: ImplicitScope) async -> String {
    let token = ["authorization": "Bearer acme-warmup"]
    async let health = handle(Request("GET", "/health", headers: token), scope)
    async let status = handle(Request("GET", "/status", headers: token), scope)
    let (first, second) = await (health, status)
    return "\(first.body) | \(second.body)"
  }
}

/// Photos: handlers that share a helper through a generic, `rethrows` function.
enum PhotoRoutes {
  static func register(on router: Router) {
    router.get("/photos") { request, scope in
      let titles = try await withConnection(scope) { connection in
        try retrying(times: 2) { try connection.query("photos").compactMap { $0["title"] } }
      }
      debugTrace("photos: \(titles.count) of \(pageSizeDescription(scope))", scope)
      return Response(titles.sorted().joined(separator: ","))
    }
  }

  static func pageSizeDescription(_ scope: ImplicitScope) -> String {
    @Implicit(\.pageSize) var pageSize: Int
    return "page \(pageSize)"
  }
}

/// Runs `body` up to `times` times until it does not throw.
func retrying<T>(times: Int, _ body: () throws -> T) rethrows -> T {
  var attempt = 1
  while true {
    do {
      return try body()
    } catch where attempt < times {
      attempt += 1
    }
  }
}

/// Logs only when the message is needed: the message is built lazily.
func debugTrace(_ message: @autoclosure () -> String, _ scope: ImplicitScope) {
  @Implicit var config: ServerConfig
  guard config.deployment != .production(region: "eu") else { return }
  audit(message(), scope)
}
