struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network' at this entry point}}
  defer { scope.end() }
  fetch(scope) // expected-note@:3 {{'Network' is required by the call to 'fetch(_:)' here}}
}
