// analyzer-known-issue: a scope-taking closure stored by a dependency (in its closure property, or by a function that keeps it) is run by another of its functions, and its requirements are not charged to that call: 'Cart' goes unreported at `router.go(.cart, scope)` and at `bus.fire(scope)` (the dependency's interface does not say that `go` and `fire` run the closures `onRoute` and `onEvent` keep). The handlers themselves get no error: they read from the scope they are given
// What is right: the errors below at `main`'s and `mainWithBus`'s scopes, as one module
// reports them ("the closures this call may run"), and none on the handlers. Found by the
// session-25 hunt (delete each root declaration of a Core/App pair: 5 of 6 went unreported).
import Core
import Implicits

struct Cart { init() {} }

func openCart(_ scope: ImplicitScope) {
  @Implicit var cart: Cart
}

func wire(_ router: Router) {
  router.onRoute = { (route: Route, scope: ImplicitScope) in
    if route == .cart { openCart(scope) }
  }
}

func wireUntyped(_ router: Router) {
  router.onRoute = { route, scope in
    if route == .cart { openCart(scope) }
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  let router = Router()
  wire(router)
  router.go(.cart, scope)
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
  bus.onEvent { scope in openCart(scope) }
}

func mainWithBus() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  let bus = EventBus()
  wireBus(bus)
  bus.fire(scope)
}
