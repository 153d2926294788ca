struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

final class Poller {
  let implicits = #implicits // expected-note@:19 {{'Logger' is captured by the '#implicits' bag here}}

  init(_ scope: ImplicitScope) {}

  func poll() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope) // expected-note@:5 {{'Logger' is required by the call to 'fetch(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var network = Network()
  let poller = Poller(scope) // expected-note@:16 {{'Logger' is required by the call to 'Poller.init(_:)'}}
  poller.poll()
}
