struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var logger: Logger
}

final class Poller {
  let implicits = #implicits

  init(_ scope: ImplicitScope) {}

  func poll() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope)
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var network = Network()
  let poller = Poller(scope) // expected-note@:16 {{'Logger' is required by the call to 'init(_:)'}}
  poller.poll()
}
