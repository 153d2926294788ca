struct Network {}
struct Logger {}
struct Clock {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var logger: Logger
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
}

func main() {
  // expected-error@+1:15 [unresolved-implicit] {{unresolved implicits 'Clock', 'Logger' and 'Network' at this entry point}}
  let scope = ImplicitScope()
  defer { scope.end() }
  fetch(scope) // expected-note@:3 {{'Logger' and 'Network' are required by the call to 'fetch(_:)'}}
  tick(scope) // expected-note@:3 {{'Clock' is required by the call to 'tick(_:)'}}
}
