// A stored bag assigned in the initializer (`self.implicits = #implicits`), as actors and
// classes with several stored properties write it, is the type's stored bag.
import Combine
import Implicits

struct Feed { init() {} }
struct Network { init() {} }
struct Tracker { init() {} }

func fetchFeed(_ scope: ImplicitScope) async -> Feed {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
  return Feed()
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var tracker: Tracker // expected-note@:17 {{'Tracker' is read here}}
}

actor FeedStore {
  private var feed: Feed?
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    implicits = #implicits // expected-note@:17 {{'Network' is captured by the '#implicits' bag here}}
  }

  func reload() async {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    feed = await fetchFeed(scope) // expected-note@:18 {{'Network' is required by the call to 'fetchFeed(_:)' here}}
  }
}

final class SessionObserver {
  private var cancellables: Set<AnyCancellable> = []
  private let implicits: Implicits

  init(_ scope: ImplicitScope, events: AnyPublisher<String, Never>) {
    self.implicits = #implicits
    events.sink { [implicits] event in
      withScope(with: implicits) { scope in
        track(event, scope) // expected-note@:9 {{'Tracker' is required by the call to 'track(_:_:)' here}}
      }
    }.store(in: &cancellables)
  }

  init(replaying events: [String], _ scope: ImplicitScope) {
    self.implicits = #implicits // expected-note@:22 {{'Tracker' is captured by the '#implicits' bag here}}
  }
}

func start(events: AnyPublisher<String, Never>) async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  @Implicit var tracker = Tracker()
  let store = FeedStore(scope)
  await store.reload()
  _ = SessionObserver(scope, events: events)
}

func replay() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Tracker' at this entry point}}
  defer { scope.end() }
  _ = SessionObserver(replaying: [], scope) // expected-note@:7 {{'Tracker' is required by the call to 'SessionObserver.init(replaying:_:)' here}}
}

func startStore() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network' at this entry point}}
  defer { scope.end() }
  _ = FeedStore(scope) // expected-note@:7 {{'Network' is required by the call to 'FeedStore.init(_:)' here}}
}
