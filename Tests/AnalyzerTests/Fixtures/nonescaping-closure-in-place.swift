struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
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
  ({ fetch(scope) })() // expected-note@:4 {{'Network' is required by the closure created here}} // expected-note@:6 {{'Network' is required by the call to 'fetch(_:)' here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  start(scope) // expected-note@:3 {{'Network' is required by the call to 'start(_:)'}}
}
