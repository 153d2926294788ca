// A key spelled with a generic parameter is a different key at each use: the analyzer
// cannot tell which, and says so.
struct Clock { init() {} }

struct Box<Value> {
  @Implicit var value: Value // expected-error@:17 [key-not-inferable] {{the key of implicit 'value' depends on the generic parameter 'Value'}}
  init(_ scope: ImplicitScope) {}
}

func read<T>(_ type: T.Type, _ scope: ImplicitScope) -> T {
  @Implicit var value: T // expected-error@:17 [key-not-inferable] {{the key of implicit 'value' depends on the generic parameter 'T'}}
  return value
}

final class Repository<Entity> {
  init() {}

  func load(_ scope: ImplicitScope) -> [Entity] {
    @Implicit var cached: [Entity] // expected-error@:19 [key-not-inferable] {{depends on the generic parameter 'Entity'}}
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    return cached
  }
}

func refresh<Item>(_ items: [Item], _ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  refresh([1, 2], scope) // expected-note@:3 {{'Clock' is required by the call to 'refresh(_:_:)'}}
  _ = Repository<Int>().load(scope) // expected-note@:7 {{'Clock' is required by the call to 'load(_:)'}}
}
