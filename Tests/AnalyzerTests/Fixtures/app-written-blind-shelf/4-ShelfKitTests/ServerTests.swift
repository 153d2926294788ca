import ImplicitsTesting
import Testing
@testable import ShelfKit
@testable import ShelfServer

// Written blind as a class suite whose `init` opened a scope kept in a stored property and
// whose `deinit` ended it: that runs, but the analyzer cannot follow a stored scope (see the
// issue's note); here each test opens its scope through a helper instead.

/// Runs `body` in a scope with the server's services.
func withServer<R>(_ logger: Logger, _ body: (ImplicitScope) async throws -> R) async rethrows -> R {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = logger
  @Implicit var store = BookStore()
  @Implicit(.lazy) var database = Database.open("suite.db")
  @Implicit var api: any APIClient = StubAPI()
  return try await body(scope)
}

@Suite struct ServerTests {
  let logger = Logger(label: "suite")

  @Test func ratingNeedsAUser() async throws {
    let router = makeRouter()
    let response = try await withServer(logger) { scope in
      try await withScope(nesting: scope) { scope in
        @Implicit(\.userID) var userID = "anonymous"
        return try await router.handle(Request("POST", "/ratings", body: "Dune=4"), scope)
      }
    }
    #expect(response == Response(status: 401, body: "log in"))
  }

  @Test(arguments: [("ann", 201), ("anonymous", 401)])
  func ratingsInParallel(user: String, status: Int) async throws {
    let router = makeRouter()
    let statuses = try await withServer(logger) { scope in
      try await withThrowingTaskGroup(of: Int.self) { group in
        for title in ["Dune", "Emma", "Ulysses"] {
          group.addTask {
            try await withScope(nesting: scope) { scope in
              @Implicit(\.userID) var userID = user
              return try await router.handle(Request("POST", "/ratings", body: "\(title)=3"), scope).status
            }
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(statuses == [status, status, status])
    #expect(logger.all.filter { $0.contains("←") }.count == 3)
  }

  @Test func aDayOfTheServer() async {
    let (responses, ratings, logger) = await ShelfServerApp.run([
      Request("POST", "/ratings", headers: ["user": "bo"], body: "Emma=2"),
      Request("GET", "/books"),
    ])
    #expect(responses[0].status == 201)
    #expect(ratings == ["Emma": 2])
    #expect(logger.all.contains("[server] #1 bo rated Emma") || logger.all.contains("[server] #2 bo rated Emma"))
  }
}

@Suite(.implicits {
  @Implicit var logger = Logger(label: "store")
  @Implicit var database = Database.open("trait.db")
  @Implicit var api: any APIClient = StubAPI(books: ["Kim"])
})
@MainActor
struct StoreTests {
  @Test func loadThenRate() async {
    let store = withScope { scope in Store(scope) }
    await store.send(.load)
    await store.send(.rate("Kim", 4))
    #expect(store.state.books == ["Kim"])
    #expect(store.state.ratings == ["Kim": 4])
  }

  @Test func reference() {
    #expect(referenceMain() == [
      "GET /users/u1 as t1", "u1 dark=false", "GET /users/guest as -", "GET /users/u1 as t1",
    ])
  }
}
