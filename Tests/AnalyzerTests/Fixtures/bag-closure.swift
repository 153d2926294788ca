struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var logger: Logger
}

func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  schedule { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope)
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var network = Network()
  start(scope) // expected-note@:3 {{'Logger' is required by the call to 'start(_:)'}}
}
