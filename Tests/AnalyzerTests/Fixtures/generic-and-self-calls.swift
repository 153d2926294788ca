struct Clock {}
struct Config {}

func make<T>(_ scope: ImplicitScope, _ type: T.Type) -> T? {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
  return nil
}

struct Settings {
  init(_ scope: ImplicitScope) {
    @Implicit var config: Config // expected-note@:19 {{'Config' is read here}}
  }

  static func load(_ scope: ImplicitScope) -> Settings {
    Self(scope) // expected-note@:5 {{'Config' is required by the call to 'Settings.init(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock' and 'Config'}}
  defer { scope.end() }
  _ = make<Int>(scope, Int.self) // expected-note@:7 {{'Clock' is required by the call to 'make(_:_:)'}}
  _ = Settings.load(scope) // expected-note@:7 {{'Config' is required by the call to 'load(_:)'}}
}
