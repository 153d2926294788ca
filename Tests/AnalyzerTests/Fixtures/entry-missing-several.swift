struct Network {}
struct Logger {}
struct Clock {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
}

func main() {
  // expected-error@+1:15 [unresolved-implicit] {{unresolved implicits 'Clock', 'Logger' and 'Network' at this entry point}}
  let scope = ImplicitScope()
  defer { scope.end() }
  fetch(scope) // expected-note@:3 {{'Logger' and 'Network' are required by the call to 'fetch(_:)'}}
  tick(scope) // expected-note@:3 {{'Clock' is required by the call to 'tick(_:)'}}
}
