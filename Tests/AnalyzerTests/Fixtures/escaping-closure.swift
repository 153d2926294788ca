struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  schedule {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network' of the enclosing scope}}
  }
  let stored: () -> Void = {
    @Implicit var network: Network // expected-error@:19 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
  _ = stored
}
