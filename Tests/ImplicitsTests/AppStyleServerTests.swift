import Foundation
import Testing

@testable import Implicits

/// A server's request path as handlers are written: a request's implicits (its id and
/// tenant) read by backend calls made from task-group children, `async let`s inside them,
/// retries with backoff that get cancelled, a stream fed by a producer task, and actors
/// calling each other, each opening scopes of its own. Every value read is checked.
struct Tenant: Equatable, Sendable { var name: String }
struct BackendDown: Error {}

func requestSeen() -> Int { ImplicitScope.read(RequestID.self)?.value ?? -1 }
func tenantSeen() -> String { ImplicitScope.read(Tenant.self)?.name ?? "?" }

/// A backend whose calls read the request's implicits; "ads" fails for request ids that
/// `failEvery` divides.
struct Backend: Sendable {
  var failEvery = 0

  func fetch(_ what: String) async throws -> String {
    await Task.yield()
    let request = requestSeen()
    if failEvery > 0, request % failEvery == 0, what == "ads" { throw BackendDown() }
    return "\(what):\(tenantSeen()):\(request)"
  }
}

/// Fan-out over shards: the group body opens a scope per shard and ends it right after
/// `addTask`; each shard loads its page and ads with `async let`, ads failing for some
/// requests while the page still loads.
func handleSearch(request id: Int, tenant: String, backend: Backend) async -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var request = RequestID(value: id)
  @Implicit var owner = Tenant(name: tenant)
  return await withTaskGroup(of: String.self) { group in
    for shard in 0..<3 {
      let shardScope = ImplicitScope()
      @Implicit var shardOwner = Tenant(name: "\(tenant)/\(shard)")
      group.addTask {
        async let page = backend.fetch("page")
        async let ads = backend.fetch("ads")
        do {
          return try await "\(page) \(ads)"
        } catch {
          return "\(tenantSeen()) without ads"
        }
      }
      shardScope.end()
    }
    var pages: [String] = []
    for await page in group { pages.append(page) }
    return pages.sorted()
  }
}

/// Retries with backoff, each attempt in a scope of its own; cancellation ends the loop.
func fetchAdsWithBackoff(_ backend: Backend, firstRequest: Int, attempts: Int) async throws -> String {
  for attempt in 0..<attempts {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var request = RequestID(value: firstRequest + attempt)
    do {
      return try await backend.fetch("ads")
    } catch {
      try await Task.sleep(nanoseconds: 200_000)
    }
  }
  throw BackendDown()
}

/// A producer task created inside the request's scope (a `Task {}` copies what it sees)
/// feeds a stream that the handler consumes in a scope per event.
func streamEvents(request id: Int, count: Int) async -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var request = RequestID(value: id)
  let (events, continuation) = AsyncStream.makeStream(of: String.self)
  let producer = Task {
    for index in 0..<count {
      await Task.yield()
      continuation.yield("event \(index) of \(requestSeen())")
    }
    continuation.finish()
  }
  var handled: [String] = []
  for await event in events {
    let eventScope = ImplicitScope()
    @Implicit var owner = Tenant(name: "stream")
    handled.append("\(event) in \(tenantSeen()):\(requestSeen())")
    eventScope.end()
  }
  await producer.value
  return handled
}

/// Actors calling each other, each with a scope of its own.
actor Billing {
  func charge(_ item: String) -> String { "\(item) billed to \(tenantSeen()) for \(requestSeen())" }
}

actor Inventory {
  let billing = Billing()

  func reserve(_ item: String, request id: Int) async -> String {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var request = RequestID(value: id)
    @Implicit var owner = Tenant(name: "inventory")
    async let audit = Backend().fetch("audit")
    let charged = await billing.charge(item)
    return "\(charged); \((try? await audit) ?? "no audit")"
  }
}

@Suite struct AppStyleServerTests {
  @Test func searchRequestsFanOutOverShards() async {
    let backend = Backend(failEvery: 3)
    let responses = await withTaskGroup(of: (Int, [String]).self) { server in
      for id in 1...24 {
        server.addTask { (id, await handleSearch(request: id, tenant: "t\(id % 4)", backend: backend)) }
      }
      return await server.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for (id, pages) in responses {
      let tenant = "t\(id % 4)"
      let expected = (0..<3).map { shard in
        id % 3 == 0
          ? "\(tenant)/\(shard) without ads"
          : "page:\(tenant)/\(shard):\(id) ads:\(tenant)/\(shard):\(id)"
      }
      #expect(pages == expected.sorted(), "request \(id)")
    }
    #expect(requestSeen() == -1)
  }

  @Test func aRetryWithBackoffSucceedsOnALaterAttempt() async throws {
    // Request 10 fails (5 divides it), 11 succeeds.
    let ads = try await fetchAdsWithBackoff(Backend(failEvery: 5), firstRequest: 10, attempts: 3)
    #expect(ads == "ads:?:11")
  }

  @Test func aCancelledRetryWithBackoffThrows() async {
    let task = Task { try await fetchAdsWithBackoff(Backend(failEvery: 1), firstRequest: 1, attempts: 1_000_000) }
    try? await Task.sleep(nanoseconds: 1_000_000)
    task.cancel()
    await #expect(throws: (any Error).self) { try await task.value }
    #expect(requestSeen() == -1)
  }

  @Test func aStreamProducerReadsTheRequestItWasCreatedIn() async {
    let handled = await streamEvents(request: 5, count: 20)
    #expect(handled == (0..<20).map { "event \($0) of 5 in stream:5" })
  }

  @Test func actorsCallingEachOtherSeeTheCallersScope() async {
    let inventory = Inventory()
    let receipts = await withTaskGroup(of: String.self) { group in
      for id in 0..<10 { group.addTask { await inventory.reserve("item\(id)", request: id) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(receipts) == Set((0..<10).map { "item\($0) billed to inventory for \($0); audit:inventory:\($0)" }))
  }
}
