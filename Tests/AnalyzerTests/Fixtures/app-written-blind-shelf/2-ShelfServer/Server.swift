import Implicits
import ShelfKit

/// Ratings, shared by every request.
public actor BookStore {
  private var ratings: [String: Int] = [:]

  public init() {}

  public func rate(_ title: String, _ stars: Int, _ scope: ImplicitScope) {
    @Implicit(\.userID) var userID: String
    ratings[title] = stars
    log("\(userID) rated \(title)", scope)
  }

  public func all() -> [String: Int] { ratings }
}

func booksHandler(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
  @Implicit var store: BookStore
  let ratings = await store.all()
  let body = ratings.keys.sorted().map { "\($0)=\(ratings[$0]!)" }.joined(separator: ",")
  return Response(status: 200, body: body)
}

public func makeRouter() -> Router {
  var router = Router()
  router.use(logging)
  router.on("GET", "/books", booksHandler)
  router.on("POST", "/ratings", authenticated { request, scope in
    @Implicit var store: BookStore
    let parts = request.body.split(separator: "=")
    guard parts.count == 2, let stars = Int(parts[1]) else {
      return Response(status: 400, body: "expected title=stars")
    }
    await store.rate(String(parts[0]), stars, scope)
    return Response(status: 201, body: request.body)
  })
  router.on("POST", "/sync") { _, scope in // expected-note@:30 {{'Database' is required by the closure created here}}
    do {
      return Response(status: 200, body: "\(try await sync(scope))") // expected-note@:55 {{'Database' is required by the call to 'sync(_:)' here}}
      // expected-note@-1:55 {{'Database' is read in 'sync(_:)' at app-written-blind-shelf/1-ShelfKit/Services.swift:73:17}}
    } catch let error as APIError {
      return Response(status: 502, body: "\(error)")
    }
  }
  return router
}

/// Serves requests concurrently, each in a scope of its own.
public actor Server {
  private let router: Router
  private var nextID = 0
  private var open = true

  public init(router: Router) { self.router = router }

  private func requestID() -> Int {
    nextID += 1
    return nextID
  }

  func serve(_ request: Request, _ scope: ImplicitScope) async -> Response {
    guard open else { return Response(status: 503, body: "shutting down") }
    let id = requestID()
    return await withScope(nesting: scope) { scope in
      @Implicit(\.requestID) var requestID = id
      @Implicit(\.userID) var userID = request.headers["user"] ?? "anonymous"
      do {
        return try await router.handle(request, scope) // expected-note@:26 {{'Database' is required by the call to 'handle(_:_:)' here}}
      } catch {
        log("error \(error)", scope)
        return Response(status: 500, body: "\(error)")
      }
    }
  }

  public func run(_ requests: [Request], _ scope: ImplicitScope) async -> [Response] {
    await withTaskGroup(of: (Int, Response).self) { group in // expected-note@:51 {{'Database' is required by the closure created here}}
      for (index, request) in requests.enumerated() {
        group.addTask { (index, await self.serve(request, scope)) } // expected-note@:23 {{'Database' is required by the closure created here}}
        // expected-note@-1:39 {{'Database' is required by the call to 'serve(_:_:)' here}}
      }
      var responses = [Response?](repeating: nil, count: requests.count)
      for await (index, response) in group {
        responses[index] = response
      }
      return responses.compactMap { $0 }
    }
  }

  /// Stops taking requests, then flushes the store and the log in parallel.
  public func shutdown(_ scope: ImplicitScope) async -> [String: Int] {
    open = false
    @Implicit var store: BookStore
    async let ratings = store.all()
    await withDiscardingTaskGroup { group in // expected-note@:35 {{'Database' is required by the closure created here}}
      group.addTask { log("closing", scope) }
      group.addTask { // expected-note@:21 {{'Database' is required by the closure created here}}
        @Implicit var database: Database // expected-note@:23 {{'Database' is read here}}
        log("database has \(database.count) rows", scope)
      }
    }
    return await ratings
  }
}

public enum ShelfServerApp {
  /// Boots the server, serves `requests` and shuts down.
  public static func run(_ requests: [Request]) async -> ([Response], [String: Int], Logger) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger(label: "server")
    @Implicit var store = BookStore()
    @Implicit var api: any APIClient = StubAPI()
    @Implicit(.lazy) var database = Database.open()
    let server = Server(router: makeRouter())
    let responses = await server.run(requests, scope)
    let ratings = await server.shutdown(scope)
    return (responses, ratings, logger)
  }

  // Broken: a server without a database — the sync route and the shutdown read one.
  public static func runWithoutDatabase(_ requests: [Request]) async -> [Response] {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger(label: "server")
    @Implicit var store = BookStore()
    @Implicit var api: any APIClient = StubAPI()
    let server = Server(router: makeRouter())
    let responses = await server.run(requests, scope) // expected-note@:27 {{'Database' is required by the call to 'run(_:_:)' here}}
    _ = await server.shutdown(scope) // expected-note@:15 {{'Database' is required by the call to 'shutdown(_:)' here}}
    return responses
  }
}
