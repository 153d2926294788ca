import Core
import Implicits

public struct ServerStats: Sendable, Equatable {
  public let served: Int
  public let failed: Int
  public let closedSessions: Int
}

/// The shelf's HTTP server: routes, middleware, and a loop that serves a batch of requests
/// concurrently, each under its own context.
public final class BookServer: @unchecked Sendable {
  @Implicit(\.serverName) var name: String
  @Implicit var logger: Logger
  private let sessions: SessionStore
  private let handler: Handler
  public let routes: [String]

  public init(tokens: Set<String>, _ scope: ImplicitScope) {
    let sessions = SessionStore(scope)
    let books = BooksController(sessions: sessions)
    let router = Router()
    router.add(.get, "/books") { request, scope in try await books.list(request, scope) }
    router.add(.get, "/books/details") { request, scope in try await books.details(request, scope) }
    router.add(.post, "/books/lend") { (request: Request, scope: ImplicitScope) in
      try await books.lend(request, scope)
    }
    router.add(table: [
      "GET /health": { _, scope in
        @Implicit(\.serverName) var name: String
        return Response(body: "\(name) ok")
      },
      "GET /whoami": { request, scope in
        @Implicit(\.userName) var user: String
        let session = await sessions.current(scope)
        return Response(body: "\(user) since \(session.openedAt)")
      },
    ])
    router.setFallback { request, scope in
      @Implicit var context: RequestContext
      audit("fallback for \(context.path)", scope)
      return .notFound(request.path)
    }
    self.sessions = sessions
    self.routes = router.paths
    self.handler = compose({ request, scope in try await router.route(request, scope) },
                           tokens: tokens)
  }

  /// Serves one request under its own context, in the scope of the server loop.
  private func handle(_ request: Request, id: Int, _ scope: ImplicitScope) async -> Response {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.requestID) var requestID = "req-\(id)"
    do {
      return try await handler(request, scope)
    } catch {
      logger.log("request \(id) failed: \(error)")
      return Response(status: 500, body: "\(error)")
    }
  }

  /// Serves the batch concurrently and returns the responses in request order.
  public func serve(_ requests: [Request], _ scope: ImplicitScope) async -> [Response] {
    await withTaskGroup(of: (Int, Response).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask {
          (index, await self.handle(request, id: index + 1, scope))
        }
      }
      var responses = Array(repeating: Response(status: 0), count: requests.count)
      for await (index, response) in group {
        responses[index] = response
      }
      return responses
    }
  }

  /// Serves batches until the list runs out, then shuts down: the sessions are closed
  /// whatever happened, and the last log line says so.
  public func run(batches: [[Request]], _ scope: ImplicitScope) async throws -> ServerStats {
    logger.log("\(name) starting with \(routes.count) routes")
    var served = 0
    var failed = 0
    var closed = 0
    defer { logger.log("\(name) stopped after \(served) requests") }
    do {
      try await withThrowingTaskGroup(of: [Response].self) { group in
        for batch in batches {
          try Task.checkCancellation()
          group.addTask { await self.serve(batch, scope) }
          if let responses = try await group.next() {
            served += responses.count
            failed += responses.filter { $0.status >= 500 }.count
          }
        }
      }
    }
    closed = await sessions.closeAll()
    return ServerStats(served: served, failed: failed, closedSessions: closed)
  }
}
