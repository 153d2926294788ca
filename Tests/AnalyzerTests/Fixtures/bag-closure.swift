struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  schedule { [implicits = #implicits] in // expected-note@:27 {{'Logger' is captured by the '#implicits' bag here}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope) // expected-note@:5 {{'Logger' is required by the call to 'fetch(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var network = Network()
  start(scope) // expected-note@:3 {{'Logger' is required by the call to 'start(_:)'}}
}
