// App-style async code written the way apps use Implicits (a view model, an actor, task
// groups, async let, AsyncStream, cancellation, Task.detached, dispatch threads), checked
// by .ci/run: every check prints what it saw and exits non-zero when it fails.
import Foundation
import Implicits

// Services an app would drill.
final class Logger: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
final class API: Sendable {
  let base: String
  init(_ base: String) { self.base = base }
}
struct Settings: Sendable { var retries: Int; var region: String }

enum UserIDKey: ImplicitKeyType { typealias Value = Int }
extension ImplicitsKeys { var userID: UserIDKey.Type { UserIDKey.self } }

func check(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition { print("FAIL line \(line): \(message())"); exit(1) }
}

// A view model that captures a service at init (stored-property read).
@MainActor final class ProfileViewModel {
  @Implicit var api: API
  @Implicit(\.userID) var userID: Int
  let bag: Implicits
  init(_ scope: ImplicitScope) {
    bag = Implicits.captureAll()
  }
  func reload() async -> String {
    // Restore the bag in an async context after the creating scope is gone.
    await withScope(with: bag) { scope in
      await Task.yield()
      return fetch(scope)
    }
  }
  nonisolated func fetch(_ scope: ImplicitScope) -> String {
    @Implicit var api: API
    @Implicit(\.userID) var userID: Int
    return "\(api.base)/users/\(userID)"
  }
}

actor ImageCache {
  var hits = 0
  func image(named name: String, _ scope: ImplicitScope) async -> String {
    @Implicit var logger: Logger
    hits += 1
    await Task.yield()
    @Implicit var api: API
    return "\(logger.name):\(api.base)/\(name)"
  }
}

func groupIsolation(_ scope: ImplicitScope) async {
  @Implicit var logger: Logger
  let root = logger.name
  await withTaskGroup(of: Void.self) { group in
    for child in 0..<16 {
      group.addTask {
        for round in 0..<500 {
          let inner = scope.nested()
          @Implicit(\.userID) var id = child * 1000 + round
          if round % 7 == 0 { await Task.yield() }
          do {
            @Implicit(\.userID) var seen: Int
            check(seen == child * 1000 + round, "child \(child) saw \(seen)")
            @Implicit var logger: Logger
            check(logger.name == root, "child sees the parent's logger")
          }
          inner.end()
        }
      }
    }
  }
  // Nothing a child declared is visible here.
  @Implicit(\.userID) var userID: Int
  check(userID == 42, "the parent sees \(userID) after its children")
}

func streamConsumer(_ scope: ImplicitScope) async {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  let bag = Implicits.captureAll()
  let consumer = Task {
    var total = 0
    for await value in stream {
      total += withScope(with: bag) { inner in
        @Implicit var settings: Settings
        return value * settings.retries
      }
    }
    return total
  }
  for i in 1...100 { continuation.yield(i) }
  continuation.finish()
  let total = await consumer.value
  check(total == 5050 * 3, "stream total \(total)")
}

func cancellation(_ scope: ImplicitScope) async {
  let task = Task {
    await withScope(nesting: scope) { inner in
      @Implicit var logger = Logger("cancelled")
      do { try await Task.sleep(nanoseconds: 50_000_000) } catch {}
      @Implicit var seen: Logger
      return seen.name
    }
  }
  task.cancel()
  let name = await task.value
  check(name == "cancelled", "after cancellation: \(name)")
}

func asyncLet(_ scope: ImplicitScope) async {
  async let a: String = withScope(nesting: scope) { inner in
    @Implicit var logger = Logger("a")
    await Task.yield()
    @Implicit var seen: Logger
    return seen.name
  }
  async let b: String = withScope(nesting: scope) { inner in
    @Implicit var logger = Logger("b")
    await Task.yield()
    @Implicit var seen: Logger
    return seen.name
  }
  let (x, y) = await (a, b)
  check(x == "a" && y == "b", "async let \(x) \(y)")
  @Implicit var logger: Logger
  check(logger.name == "root", "parent after async let: \(logger.name)")
}

func detached() async {
  let keys = await Task.detached { ImplicitScope.dumpCurrent().keys }.value
  check(keys.isEmpty, "detached sees \(keys)")
}

func threads() {
  let group = DispatchGroup()
  for t in 0..<8 {
    DispatchQueue.global().async(group: group) {
      for i in 0..<2000 {
        withScope { scope in
          @Implicit(\.userID) var id = t * 10_000 + i
          let inner = scope.nested()
          @Implicit var logger = Logger("t\(t)")
          @Implicit(\.userID) var seen: Int
          check(seen == t * 10_000 + i, "thread \(t)")
          inner.end()
        }
      }
    }
  }
  group.wait()
}

@main struct Main {
  static func main() async {
    let scope = ImplicitScope()
    @Implicit var logger = Logger("root")
    @Implicit var api = API("https://api")
    @Implicit var settings = Settings(retries: 3, region: "eu")
    @Implicit(\.userID) var userID = 42

    let model = ProfileViewModel(scope)
    let cache = ImageCache()
    for _ in 0..<3 {
      let url = await model.reload()
      check(url == "https://api/users/42", url)
    }
    let image = await cache.image(named: "avatar", scope)
    check(image == "root:https://api/avatar", image)
    await groupIsolation(scope)
    await streamConsumer(scope)
    await cancellation(scope)
    await asyncLet(scope)
    await detached()
    await More.run(scope)
    threads()
    scope.end()
    // The view model's stored reads outlive the scope.
    let base = model.api.base
    check(base == "https://api", "stored read after end")
    print("OK")
  }
}
