import Foundation
import Implicits

/// A background sync engine: an actor that drains a stream of changes with retries.
actor SyncEngine {
  private var pending: [String] = []
  private var task: Task<Void, Never>?
  let changes: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() {
    var made: AsyncStream<String>.Continuation!
    changes = AsyncStream { made = $0 }
    continuation = made
  }

  nonisolated func submit(_ change: String) {
    continuation.yield(change)
  }

  nonisolated func finish() { continuation.finish() }

  func run(_ scope: ImplicitScope) async {
    for await change in changes {
      if Task.isCancelled { break }
      await push(change, scope) // expected-note@:13 {{'APIClient' is required by the call to 'push(_:_:)' here}}
    }
  }

  private func push(_ change: String, _ scope: ImplicitScope) async {
    @Implicit var logger: Logger
    do {
      let result = try await Network.fetch("/sync/\(change)", scope) // expected-note@:30 {{'APIClient' is required by the call to 'fetch(_:_:)' here}}
      logger.log("synced \(result)")
    } catch {
      pending.append(change)
    }
  }

  func flushAll(_ scope: ImplicitScope) async -> Int {
    await withTaskGroup(of: Int.self) { group in
      for change in pending {
        group.addTask {
          (try? await Network.fetch("/flush/\(change)", scope)).map { _ in 1 } ?? 0
        }
      }
      var done = 0
      for await count in group { done += count }
      return done
    }
  }
}

func startSync(_ changes: [String]) async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var api = APIClient()
  let engine = SyncEngine()
  let runner = Task { await engine.run(scope) }
  for change in changes { engine.submit(change) }
  engine.finish()
  await runner.value
  _ = await engine.flushAll(scope)
}

// A sync that forgets the API client.
func startOfflineSync() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  let engine = SyncEngine()
  engine.submit("z")
  engine.finish()
  await engine.run(scope) // expected-note@:9 {{'APIClient' is required by the call to 'run(_:)' here}}
}
