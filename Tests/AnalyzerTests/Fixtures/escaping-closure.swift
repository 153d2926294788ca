struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  schedule {
    fetch(scope) // expected-error {{escaping closure uses implicit 'Network' of the enclosing scope}}
  }
  let stored: () -> Void = {
    @Implicit var network: Network // expected-error {{escaping closure uses implicit 'Network'}}
  }
  _ = stored
}
