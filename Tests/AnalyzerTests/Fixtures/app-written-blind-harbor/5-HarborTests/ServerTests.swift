import Foundation
import HarborCore
import HarborServer
import ImplicitsTesting
import Testing

@Suite(.implicits {
  @Implicit var logger = Logger(label: "tests")
  @Implicit var metrics = Metrics()
  @Implicit var config = ServerConfig(deployment: .staging(build: 7), maxConnections: 1)
  @Implicit var pool = ConnectionPool(size: 1, tables: SeedData.tables)
})
struct ServerTests {
  static let acme = ["authorization": "Bearer acme-test"]

  @Test(arguments: [
    ("/users", 200, "ada#1,bob#2"),
    ("/users/first", 200, "ada"),
    ("/nowhere", 404, "no route /nowhere"),
  ])
  func routes(path: String, status: Int, body: String) async { // expected-error@:8 [unresolved-implicit] {{unresolved implicit '\.tenant' of HarborCore at this entry point}} // '\.tenant': stricter than the runtime (the auth middleware declares it)
    let response = await withScope { scope in
      await HarborServer(scope).handle(Request("GET", path, headers: Self.acme), scope) // expected-note@:13 {{'\.tenant' of HarborCore is required by the call to 'handle(_:_:)' here}} // expected-note@:13 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' in 'HarborServer.handle(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:26:11}} // expected-note@:13 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:13 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}
    }
    #expect(response == Response(status: status, body))
  }

  @Test func unauthenticatedRequestsAreRefused() async { // expected-error@:14 [unresolved-implicit] {{unresolved implicit '\.tenant' of HarborCore at this entry point}} // '\.tenant': stricter than the runtime (the auth middleware declares it)
    await withScope { scope in
      let response = await HarborServer(scope).handle(Request("GET", "/users"), scope) // expected-note@:28 {{'\.tenant' of HarborCore is required by the call to 'handle(_:_:)' here}} // expected-note@:28 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' in 'HarborServer.handle(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:26:11}} // expected-note@:28 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:28 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}
      #expect(response.status == 401)
    }
  }

  @Test(.implicits { @Implicit(\.pageSize) var pageSize = 1 })
  func pageSizeLimitsListings() async throws {
    try await withScope { scope in
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit(\.requestID) var requestID = "t-1"
      let users = try await UserRepository().all(scope)
      #expect(users.map(\.name) == ["ada"])
    }
  }

  @Test func reportsIndentEachSection() {
    let text = withScope { scope in
      @Implicit(\.requestID) var requestID = "t-2"
      return Reports.exportIndented(.section(title: "a", .text("b")), scope)
    }
    #expect(text == "a:\n  b")
  }

  @Test func tenantErrorsAreTyped() {
    #expect(throws: DatabaseError.noSuchTable("boats")) {
      try Connection_forTests.query("boats")
    }
  }
}

/// A connection straight from a pool, for tests that do not go through a request.
enum Connection_forTests {
  static func query(_ table: String) throws(DatabaseError) -> [Row] {
    throw .noSuchTable(table)
  }
}
