struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func store(_ body: @escaping () -> Void) {}
func maybe(_ body: (() -> Void)?) {}

func start(_ scope: ImplicitScope) {
  store {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
  maybe {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
}
