struct A {}
struct B {}

struct First {
  func go(_ scope: ImplicitScope) { @Implicit var a: A }
}
struct Second {
  func go(_ scope: ImplicitScope) { @Implicit var b: B } // expected-note@:51 {{'B' is read here}}
}

final class Holder {
  let first = First()
  var second: Second = Second()
  init() {}

  func run() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'B'}}
    defer { scope.end() }
    @Implicit var a = A()
    first.go(scope)
    self.second.go(scope) // expected-note@:5 {{'B' is required by the call to 'go(_:)'}}
  }
}

func free(_ scope: ImplicitScope, first: First) {
  first.go(scope)
}
