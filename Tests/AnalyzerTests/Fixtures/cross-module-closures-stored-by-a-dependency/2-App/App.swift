// A scope-taking closure stored by a dependency, in its closure property or by a function
// that keeps it, runs where another of its functions runs it (`Router.go`, `EventBus.fire`,
// listed in the interface's `closureRunners`): the errors are at `main`'s and
// `mainWithBus`'s scopes, through those calls, and none on the handlers, typed or not.
// Found by the session-25 hunt (delete each root declaration of a Core/App pair: 5 of 6
// went unreported); a known issue until session 30.
import Core
import Implicits

struct Cart { init() {} }

func openCart(_ scope: ImplicitScope) {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}} // expected-note@:17 {{'Cart' is read here}}
}

func wire(_ router: Router) {
  router.onRoute = { (route: Route, scope: ImplicitScope) in
    if route == .cart { openCart(scope) }
  }
}

func wireUntyped(_ router: Router) {
  // Which closure the router holds is not known: the notes of `main`'s error go through
  // this one, stored in the same property.
  router.onRoute = { route, scope in // expected-note@:20 {{'Cart' is required by the closure created here}}
    if route == .cart { openCart(scope) } // expected-note@:25 {{'Cart' is required by the call to 'openCart(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  let router = Router()
  wire(router)
  router.go(.cart, scope) // expected-note@:3 {{'Cart' is required by the call to 'go(_:_:)' here}}
}

func mainWithCart() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cart = Cart()
  let router = Router()
  wireUntyped(router)
  router.go(.cart, scope)
}

func wireBus(_ bus: EventBus) {
  bus.onEvent { scope in openCart(scope) } // expected-note@:15 {{'Cart' is required by the closure created here}} // expected-note@:26 {{'Cart' is required by the call to 'openCart(_:)' here}}
}

func mainWithBus() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  let bus = EventBus()
  wireBus(bus)
  bus.fire(scope) // expected-note@:3 {{'Cart' is required by the call to 'fire(_:)' here}}
}
