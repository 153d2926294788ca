// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does, and all held (nothing to fix): kept so they stay held.
// An actor's methods, a throwing task group in a @MainActor view model, async let, an
// AsyncStream consumer, a Task that restores a bag.
import Implicits

struct API { func fetch(_ id: Int) async throws -> String { "\(id)" } }
struct Cache { func put(_ s: String) {} }
struct Metrics { func count(_ s: String) {} }

actor ImageStore {
  func load(_ id: Int, _ scope: ImplicitScope) async throws -> String {
    @Implicit var api: API
    let value = try await api.fetch(id)
    store(value, scope) // expected-note@:5 {{'Cache' is required by the call to 'store(_:_:)' here}}
    return value
  }
  private func store(_ value: String, _ scope: ImplicitScope) {
    @Implicit var cache: Cache // expected-note@:19 {{'Cache' is read here}}
    cache.put(value)
  }
}

@MainActor
final class GalleryViewModel {
  private let store = ImageStore()
  var images: [String] = []

  func loadAll(_ ids: [Int], _ scope: ImplicitScope) async {
    @Implicit var metrics: Metrics
    do {
      try await withThrowingTaskGroup(of: String.self) { group in // expected-note@:56 {{'Cache' is required by the closure created here}}
        for id in ids {
          group.addTask { try await self.store.load(id, scope) } // expected-note@:25 {{'Cache' is required by the closure created here}} expected-note@:37 {{'Cache' is required by the call to 'load(_:_:)' here}}
        }
        for try await image in group { images.append(image) }
      }
    } catch {
      metrics.count("failed")
    }
  }

  func loadPair(_ scope: ImplicitScope) async throws -> (String, String) {
    async let first = store.load(1, scope) // expected-note@:23 {{'Cache' is required by the call to 'load(_:_:)' here}}
    async let second = store.load(2, scope)
    return try await (first, second)
  }
}

func appStart() async {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cache' at this entry point}}
  @Implicit var api = API()
  @Implicit var metrics = Metrics()
  let model = await GalleryViewModel()
  await model.loadAll([1, 2], scope) // expected-note@:9 {{'Cache' is required by the call to 'loadAll(_:_:)' here}}
  _ = try? await model.loadPair(scope) // expected-note@:18 {{'Cache' is required by the call to 'loadPair(_:)' here}}
}

func appStartComplete() async {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var api = API()
  @Implicit var metrics = Metrics()
  @Implicit var cache = Cache()
  let model = await GalleryViewModel()
  await model.loadAll([1, 2], scope)
  _ = try? await model.loadPair(scope)
}

// An AsyncStream consumer.
func consume(_ events: AsyncStream<String>, _ scope: ImplicitScope) async {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
  for await event in events { metrics.count(event) }
}
func startStream() async {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  let (stream, continuation) = AsyncStream.makeStream(of: String.self)
  continuation.finish()
  await consume(stream, scope) // expected-note@:9 {{'Metrics' is required by the call to 'consume(_:_:)' here}}
}

// Task with a bag.
final class Poller {
  var task: Task<Void, Never>?
  func start(_ scope: ImplicitScope) {
    task = Task { [implicits = #implicits] in // expected-note@:32 {{'API' is captured by the '#implicits' bag here}}
      let scope = ImplicitScope(with: implicits); defer { scope.end() }
      await poll(scope) // expected-note@:13 {{'API' is required by the call to 'poll(_:)' here}}
    }
  }
  func poll(_ scope: ImplicitScope) async { @Implicit var api: API; _ = try? await api.fetch(0) } // expected-note@:59 {{'API' is read here}}
}
func startPoller() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'API' at this entry point}}
  Poller().start(scope) // expected-note@:3 {{'API' is required by the call to 'start(_:)' here}}
}
func startPollerOK() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var api = API()
  Poller().start(scope)
}
