import Implicits

final class CheckoutCoordinator: Coordinator { // expected-note@:1 {{'Analytics' is required by 'Coordinator.init(_:)', which this class inherits}}
  override func start() {
    withScope(with: self.implicits) { scope in
      @Implicit var router: Router
      router.push("cart")
      track("checkout.start", scope) // expected-note@:7 {{'Analytics' is required by the call to 'track(_:_:)' here}}
    }
  }
}

final class OnboardingCoordinator: Coordinator {
  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }

  override func start() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var router: Router
    router.push("welcome")
  }
}

func startCheckout() {
  withScope { scope in
    @Implicit var router = Router()
    @Implicit var analytics = Analytics()
    CheckoutCoordinator(scope).start()
    OnboardingCoordinator(scope).start()
  }
}

func startCheckoutUntracked() {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    @Implicit var router = Router()
    CheckoutCoordinator(scope).start() // expected-note@:5 {{'Analytics' is required by the call to 'CheckoutCoordinator.init(_:)' here}}
  }
}
