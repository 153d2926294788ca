struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func repeatTwice(_ body: () -> Void) {
  body()
  body()
}

func start(_ scope: ImplicitScope) {
  repeatTwice {
    fetch(scope)
  }
  [1, 2, 3].forEach { _ in
    fetch(scope)
  }
  ({ fetch(scope) })()
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  start(scope) // expected-note@:3 {{'Network' is required by the call to 'start(_:)'}}
}
