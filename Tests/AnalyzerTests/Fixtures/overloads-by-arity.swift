struct One {}
struct Two {}

func step(_ scope: ImplicitScope, _ a: Int) {
  @Implicit var one: One
}

func step(_ scope: ImplicitScope, _ a: Int, _ b: Int) {
  @Implicit var two: Two // expected-note@:17 {{'Two' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Two'}}
  defer { scope.end() }
  @Implicit var one = One()
  step(scope, 1)
  step(scope, 1, 2) // expected-note@:3 {{'Two' is required by the call to 'step(_:_:_:)'}}
}
