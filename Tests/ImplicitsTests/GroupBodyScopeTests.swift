import Testing

@testable import Implicits

/// A scope opened in a task group's body and ended right after `addTask`, while the
/// children still run: the children got a copy of the scope's frame when they were added
/// (the runtime copies bindings made in a group's body), so they keep reading its values.
/// In release builds the compiler inlines the group's body and keeps the group in the
/// caller's async frame, so the body can begin without any allocation. The fetchers below
/// are written as a server handler fans out requests.

/// One request's context, read by the fetchers.
struct RequestID: Sendable, Equatable { var value: Int }

/// Reads the request's id after `gate` opens (the scope that declared it has ended by
/// then); `nil` when it is not visible.
@Sendable func requestIDAfter(_ gate: Event) async -> Int? {
  await gate.wait()
  return ImplicitScope.read(RequestID.self)?.value
}

/// In a group's body: one scope per request, ended right after `addChildren` added its
/// children; then more scopes opened and ended, which reuse what the ended frames' storage
/// was. Synchronous, so it allocates nothing on the task's allocator, as the inlined body.
func openScopesPerRequest(_ requests: Int, addChildren: (Int) -> Void) {
  for request in 0..<requests {
    let scope = ImplicitScope()
    @Implicit var id = RequestID(value: request)
    addChildren(request)
    scope.end()
  }
  for other in 0..<4 {
    let scope = ImplicitScope()
    @Implicit var id = RequestID(value: 1_000 + other)
    scope.end()
  }
}

/// Fans out `count` fetches per request (`openScopesPerRequest`), then lets the children
/// read.
func fanOut(requests: Int, count: Int, isolation: isolated (any Actor)? = #isolation) async -> [Int: [Int?]] {
  let gate = Event()
  let outer = ImplicitScope()
  defer { outer.end() }
  @Implicit var session = RequestID(value: -1)
  return await withTaskGroup(of: (Int, Int?).self) { group in
    openScopesPerRequest(requests) { request in
      for _ in 0..<count { group.addTask { (request, await requestIDAfter(gate)) } }
    }
    await gate.signal()
    var seen: [Int: [Int?]] = [:]
    for await (request, value) in group { seen[request, default: []].append(value) }
    return seen
  }
}

/// The same with a discarding group; each child reports through `results`.
func fanOutDiscarding(requests: Int, count: Int, isolation: isolated (any Actor)? = #isolation) async -> [Int: [Int?]] {
  let gate = Event()
  let results = ResultCollector()
  let outer = ImplicitScope()
  defer { outer.end() }
  @Implicit var session = RequestID(value: -1)
  await withDiscardingTaskGroup { group in
    openScopesPerRequest(requests) { request in
      for _ in 0..<count { group.addTask { await results.add(request, await requestIDAfter(gate)) } }
    }
    await gate.signal()
  }
  return await results.seen
}

actor ResultCollector {
  var seen: [Int: [Int?]] = [:]
  func add(_ request: Int, _ value: Int?) { seen[request, default: []].append(value) }
}

actor FanOutActor {
  func run(_ discarding: Bool) async -> [Int: [Int?]] {
    discarding ? await fanOutDiscarding(requests: 3, count: 4) : await fanOut(requests: 3, count: 4)
  }
}

@MainActor func fanOutOnMainActor(_ discarding: Bool) async -> [Int: [Int?]] {
  discarding ? await fanOutDiscarding(requests: 3, count: 4) : await fanOut(requests: 3, count: 4)
}

@Suite struct GroupBodyScopeTests {
  static func expected(requests: Int, count: Int) -> [Int: [Int?]] {
    Dictionary(uniqueKeysWithValues: (0..<requests).map { ($0, Array(repeating: $0, count: count)) })
  }

  @Test(arguments: [false, true], Isolation.allCases)
  func childrenAddedInAGroupBodyKeepTheScopeEndedRightAfter(discarding: Bool, isolation: Isolation) async {
    let seen: [Int: [Int?]]
    switch isolation {
    case .task: seen = discarding ? await fanOutDiscarding(requests: 3, count: 4) : await fanOut(requests: 3, count: 4)
    case .actor: seen = await FanOutActor().run(discarding)
    case .mainActor: seen = await fanOutOnMainActor(discarding)
    }
    #expect(seen == Self.expected(requests: 3, count: 4))
    #expect(readBalance() == nil)
  }

  /// Inside the body, a scope nested on one opened in the body before: both are the
  /// body's, and both are copied into children added after the inner one opened.
  @Test func nestedScopesInAGroupBodyAreCopiedIntoTheChildren() async {
    let gate = Event()
    let seen = await withTaskGroup(of: (Int?, Int?).self) { group in
      let scope = ImplicitScope()
      @Implicit var id = RequestID(value: 1)
      let inner = scope.nested()
      @Implicit var wallet = Wallet(balance: 2)
      group.addTask { (await requestIDAfter(gate), readBalance()) }
      inner.end()
      scope.end()
      let other = ImplicitScope()
      @Implicit var reused = RequestID(value: 99)
      @Implicit var reusedWallet = Wallet(balance: 99)
      other.end()
      await gate.signal()
      return await group.next()!
    }
    #expect(seen.0 == 1 && seen.1 == 2)
  }
}
