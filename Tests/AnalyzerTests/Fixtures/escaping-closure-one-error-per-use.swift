struct A {}
struct B {}

func both(_ scope: ImplicitScope) {
  @Implicit var a: A
  @Implicit var b: B
}

func store(_ body: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  store {
    both(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'A' and 'B' of the enclosing scope}}
  }
}
