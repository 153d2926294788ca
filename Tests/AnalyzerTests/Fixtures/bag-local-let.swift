struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func later(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  let bag = #implicits
  later {
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    fetch(scope)
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  start(scope) // expected-note@:3 {{'Network' is required by the call to 'start(_:)'}}
}
