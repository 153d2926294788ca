struct Config {}
struct Clock {}

struct Factory {
  static func make(_ scope: ImplicitScope) -> Factory {
    @Implicit var config: Config
    return Factory()
  }
  init() {}
  init(_ scope: ImplicitScope, clock: Bool) {
    @Implicit var clock: Clock
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock' and 'Config'}}
  defer { scope.end() }
  _ = Factory.make(scope) // expected-note@:7 {{'Config' is required by the call to 'make(_:)'}}
  _ = Factory(scope, clock: true) // expected-note@:7 {{'Clock' is required by the call to 'init(_:clock:)'}}
}
