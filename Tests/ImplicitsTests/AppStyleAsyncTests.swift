import Dispatch
import Testing

@_spi(Unsafe) @testable import Implicits

// Async programs written the way servers and apps use the library, not from its
// implementation: scopes opened and ended by hand around task groups, `async let`s that
// return and throw, actors, the main actor, retries with cancellation, streams, and tasks
// started from synchronous callbacks with a bag. Each checks every value it reads; CI runs
// them in debug and release, on both task paths, and under ThreadSanitizer.

/// What a request carries to the services it calls.
struct RequestContext: Sendable, Equatable { var id: Int; var user: String }
struct TraceID: Sendable, Equatable { var value: Int }
struct ServiceDown: Error {}

private func currentRequest() -> RequestContext? { ImplicitScope.read(RequestContext.self) }

/// A service the handler fans out to: reads the request's context after a suspension.
private func callService(_ name: String, failing: Bool) async throws -> String {
  await Task.yield()
  guard let request = currentRequest() else { return "\(name): no request" }
  if failing { throw ServiceDown() }
  return "\(name):\(request.id):\(request.user)"
}

/// A request handler: a scope per request, a throwing task group fanning out to three
/// services (one of which fails for odd requests), partial results kept with `try?`.
private func handle(request id: Int) async -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var request = RequestContext(id: id, user: "u\(id)")
  return await withThrowingTaskGroup(of: String?.self) { group in
    for service in ["users", "orders", "billing"] {
      group.addTask { try? await callService(service, failing: service == "billing" && id % 2 == 1) }
    }
    var replies: [String] = []
    while let reply = try? await group.next() { if let reply { replies.append(reply) } }
    return replies.sorted()
  }
}

/// A cache whose misses load through a scope opened inside the actor's method: two
/// requests interleave on the actor at the `await`, each in its own task.
actor ProfileCache {
  private var stored: [Int: String] = [:]

  func profile(_ id: Int) async -> String {
    if let hit = stored[id] { return hit }
    let scope = ImplicitScope()
    @Implicit var trace = TraceID(value: id)
    async let loaded = loadProfile(id)
    let profile = await loaded
    scope.end()
    stored[id] = profile
    return profile
  }
}

private func loadProfile(_ id: Int) async -> String {
  await Task.yield()
  let trace = ImplicitScope.read(TraceID.self)?.value
  let request = currentRequest()?.id
  return "profile \(id) trace \(trace.map(String.init) ?? "none") request \(request.map(String.init) ?? "none")"
}

/// A screen's view model: two `async let`s, one failing, each awaited with `try?`, then
/// the scope ends.
@MainActor final class DashboardModel {
  var profile: String?
  var feed: String?
  var sessionAfterLoad: RequestContext?

  func load(user: String, feedFails: Bool) async {
    let scope = ImplicitScope()
    @Implicit var session = RequestContext(id: 0, user: user)
    async let profile = callService("profile", failing: false)
    async let feed = callService("feed", failing: feedFails)
    self.profile = try? await profile
    self.feed = try? await feed
    scope.end()
    sessionAfterLoad = currentRequest()
  }
}

/// A retry loop: a scope per attempt whose `async let` fails until the last attempt, ended
/// whatever the attempt did; a cancelled task stops retrying.
private func fetchWithRetry(attempts: Int, succeedOn: Int, attempting: Event? = nil) async -> (value: String?, tried: Int) {
  var tried = 0
  for attempt in 1...attempts {
    if Task.isCancelled { break }
    tried = attempt
    if attempt == 1 { await attempting?.signal() }
    let scope = ImplicitScope()
    @Implicit var trace = TraceID(value: attempt)
    async let reply = attemptCall(succeeds: attempt == succeedOn)
    let value = try? await reply
    scope.end()
    if let value { return (value, tried) }
    try? await Task.sleep(nanoseconds: 100_000)
  }
  return (nil, tried)
}

private func attemptCall(succeeds: Bool) async throws -> String {
  try Task.checkCancellation()
  let trace = ImplicitScope.read(TraceID.self)?.value ?? -1
  if !succeeds { throw ServiceDown() }
  return "attempt \(trace)"
}

/// A stream consumer: a scope around the loop, one more per event, each event handled by
/// code that reads both.
private func consumeEvents(_ events: AsyncStream<Int>) async -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var request = RequestContext(id: 42, user: "stream")
  var handled: [String] = []
  for await event in events {
    let inner = ImplicitScope()
    @Implicit var trace = TraceID(value: event)
    async let line = describeEvent()
    handled.append(await line)
    inner.end()
  }
  return handled
}

private func describeEvent() async -> String {
  "\(currentRequest()?.user ?? "none") \(ImplicitScope.read(TraceID.self)?.value ?? -1)"
}

/// A coordinator with a callback that starts a task: it captures a bag where the callback
/// is made and restores it in the task (the callback fires on another thread).
final class CheckoutCoordinator: @unchecked Sendable {
  var onTap: (@Sendable () -> Void)?
  private let results = ResultLines()

  func start() {
    let bag = withScope { _ in
      @Implicit var request = RequestContext(id: 9, user: "tapper")
      return Implicits(unsafeKeys: Implicits.getRawKey(RequestContext.self))
    }
    onTap = { [results] in
      Task {
        let line = await withScope(with: bag) { _ in await callServiceOrError("checkout") }
        await results.add(line)
      }
    }
  }

  func lines(count: Int) async -> [String] { await results.wait(for: count) }
}

private func callServiceOrError(_ name: String) async -> String {
  (try? await callService(name, failing: false)) ?? "failed"
}

actor ResultLines {
  private var lines: [String] = []
  private var waiters: [(Int, CheckedContinuation<[String], Never>)] = []

  func add(_ line: String) {
    lines.append(line)
    let ready = waiters.filter { $0.0 <= lines.count }
    waiters.removeAll { $0.0 <= lines.count }
    for (_, waiter) in ready { waiter.resume(returning: lines) }
  }

  func wait(for count: Int) async -> [String] {
    if lines.count >= count { return lines }
    return await withCheckedContinuation { waiters.append((count, $0)) }
  }
}

@Suite struct AppStyleAsyncTests {
  @Test func aServerHandlesConcurrentRequestsEachFanningOutInAScope() async {
    let replies = await withTaskGroup(of: (Int, [String]).self) { server in
      for id in 0..<24 { server.addTask { (id, await handle(request: id)) } }
      return await server.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    for id in 0..<24 {
      let expected = ["users", "orders"] + (id % 2 == 1 ? [] : ["billing"])
      #expect(replies[id] == expected.map { "\($0):\(id):u\(id)" }.sorted(), "request \(id)")
    }
    #expect(currentRequest() == nil)
  }

  @Test func anActorCacheLoadsMissesInScopesWhileRequestsInterleave() async {
    let cache = ProfileCache()
    let profiles = await withTaskGroup(of: (Int, String).self) { group in
      for id in 0..<16 {
        group.addTask {
          await withScope { _ in
            @Implicit var request = RequestContext(id: 100 + id, user: "c")
            return (id, await cache.profile(id % 8))
          }
        }
      }
      return await group.reduce(into: [(Int, String)]()) { $0.append($1) }
    }
    for (id, profile) in profiles {
      // Whichever request loaded an id first is the one its trace and request name.
      #expect(profile.hasPrefix("profile \(id % 8) trace \(id % 8) request 1"), "\(profile)")
    }
  }

  @Test(arguments: [false, true])
  func aMainActorViewModelLoadsWithAsyncLets(feedFails: Bool) async {
    let model = DashboardModel()
    await model.load(user: "ada", feedFails: feedFails)
    #expect(await model.profile == "profile:0:ada")
    #expect(await model.feed == (feedFails ? nil : "feed:0:ada"))
    #expect(await model.sessionAfterLoad == nil)
  }

  @Test func aRetryLoopEndsEachAttemptsScope() async {
    let result = await fetchWithRetry(attempts: 5, succeedOn: 3)
    #expect(result.value == "attempt 3")
    #expect(result.tried == 3)
    #expect(ImplicitScope.read(TraceID.self) == nil)
  }

  @Test func aCancelledRetryLoopStopsWithoutStopping() async {
    // Cancelled once it tried (a task cancelled before it starts tries nothing).
    let attempting = Event()
    let task = Task { await fetchWithRetry(attempts: 1_000_000, succeedOn: 0, attempting: attempting) }
    await attempting.wait()
    task.cancel()
    let result = await task.value
    #expect(result.value == nil)
    #expect(result.tried >= 1 && result.tried < 1_000_000)
  }

  @Test func aStreamConsumerOpensAScopePerEvent() async {
    let (events, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task.detached {
      for event in 0..<50 {
        continuation.yield(event)
        if event % 7 == 0 { await Task.yield() }
      }
      continuation.finish()
    }
    let handled = await consumeEvents(events)
    await producer.value
    #expect(handled == (0..<50).map { "stream \($0)" })
  }

  @Test func aSynchronousCallbackStartsTasksWithABag() async {
    let coordinator = CheckoutCoordinator()
    coordinator.start()
    let onTap = coordinator.onTap!
    for _ in 0..<8 { DispatchQueue.global().async { onTap() } }
    let lines = await coordinator.lines(count: 8)
    #expect(lines == Array(repeating: "checkout:9:tapper", count: 8))
  }
}

/// A tracing context carried as a `TaskLocal` (as swift-distributed-tracing's
/// `ServiceContext` is), around the library's scopes.
enum TracingContext {
  @TaskLocal static var span: String?
}

/// A server accepting connections in a discarding task group: each connection is a child
/// that opens its own root scope inside the tracing context, parses its body in an `async
/// let` that throws for some, and ends the scope after the `async let` was awaited.
private func serve(connections: Int, into log: ResultLines) async {
  await withDiscardingTaskGroup { server in
    for connection in 0..<connections {
      server.addTask {
        await TracingContext.$span.withValue("conn-\(connection)") {
          let scope = ImplicitScope()
          @Implicit var request = RequestContext(id: connection, user: "c\(connection)")
          async let body = parseBody(malformed: connection % 3 == 0)
          let parsed = (try? await body) ?? "malformed"
          scope.end()
          let leaked = currentRequest() == nil ? "" : " leaked"
          await log.add("\(connection) \(parsed) \(TracingContext.span ?? "-")\(leaked)")
        }
      }
    }
  }
}

private func parseBody(malformed: Bool) async throws -> String {
  await Task.yield()
  if malformed { throw ServiceDown() }
  return "\(currentRequest()?.user ?? "none") in \(TracingContext.span ?? "-")"
}

extension AppStyleAsyncTests {
  @Test func aServerParsesEachConnectionsBodyInAScopeInsideItsTracingContext() async {
    let log = ResultLines()
    await serve(connections: 30, into: log)
    let lines = await log.wait(for: 30).sorted()
    let expected = (0..<30).map { connection in
      let parsed = connection % 3 == 0 ? "malformed" : "c\(connection) in conn-\(connection)"
      return "\(connection) \(parsed) conn-\(connection)"
    }.sorted()
    #expect(lines == expected)
  }
}
