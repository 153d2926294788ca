struct Counter {}

func countdown(_ scope: ImplicitScope, _ n: Int) {
  if n > 0 { countdown(scope, n - 1) }
  @Implicit var counter: Counter // expected-note@:17 {{'Counter' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Counter'}}
  defer { scope.end() }
  countdown(scope, 10) // expected-note@:3 {{'Counter' is required by the call to 'countdown(_:_:)'}}
}
