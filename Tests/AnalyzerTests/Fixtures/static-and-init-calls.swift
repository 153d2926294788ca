struct Config {}
struct Clock {}

struct Factory {
  static func make(_ scope: ImplicitScope) -> Factory {
    @Implicit var config: Config // expected-note@:19 {{'Config' is read here}}
    return Factory()
  }
  init() {}
  init(_ scope: ImplicitScope, clock: Bool) {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock' and 'Config'}}
  defer { scope.end() }
  _ = Factory.make(scope) // expected-note@:7 {{'Config' is required by the call to 'make(_:)'}}
  _ = Factory(scope, clock: true) // expected-note@:7 {{'Clock' is required by the call to 'Factory.init(_:clock:)'}}
}
