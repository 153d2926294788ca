struct A {}
struct B {}

func ping(_ scope: ImplicitScope, _ n: Int) {
  @Implicit var a: A
  if n > 0 { pong(scope, n - 1) } // expected-note@:14 {{'B' is required by the call to 'pong(_:_:)' here}}
}

func pong(_ scope: ImplicitScope, _ n: Int) {
  @Implicit var b: B // expected-note@:17 {{'B' is read here}}
  if n > 0 { ping(scope, n - 1) }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'B'}}
  defer { scope.end() }
  @Implicit var a = A()
  ping(scope, 3) // expected-note@:3 {{'B' is required by the call to 'ping(_:_:)'}}
}

func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var a = A()
  @Implicit var b = B()
  pong(scope, 3)
}
