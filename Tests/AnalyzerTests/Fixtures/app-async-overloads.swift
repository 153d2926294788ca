// A store with a synchronous and an `async` `load(_:)` of one signature that read different
// services: each call reaches the overload Swift picks, by its `await` (issue 18 item 8,
// the eighth blind round).
import Implicits

final class DiskCache { init() {} }
final class Network { init() {} }

final class Store {
  init() {}

  func load(_ scope: ImplicitScope) -> [String] {
    @Implicit var cache: DiskCache // expected-note@:19 {{'DiskCache' is read here}}
    return []
  }

  func load(_ scope: ImplicitScope) async -> [String] {
    @Implicit var network: Network
    return []
  }
}

func loadFromDisk() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = DiskCache()
  _ = Store().load(scope)
}

func loadFromNetwork() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  _ = await Store().load(scope)
  async let later = Store().load(scope)
  _ = await later
}

// Without `await` the synchronous overload runs: it needs the cache.
func loadWithoutCache() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'DiskCache' at this entry point}}
  defer { scope.end() }
  @Implicit var network = Network()
  _ = Store().load(scope) // expected-note@:7 {{'DiskCache' is required by the call to 'load(_:)' here}}
}
