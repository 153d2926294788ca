struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
}

func later(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  let bag = #implicits // expected-note@:13 {{'Network' is captured by the '#implicits' bag here}}
  later {
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    fetch(scope) // expected-note@:5 {{'Network' is required by the call to 'fetch(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  start(scope) // expected-note@:3 {{'Network' is required by the call to 'start(_:)'}}
}
