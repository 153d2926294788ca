// How scopes go wrong in app code, one mistake per function.
import Implicits

struct Cart {}
struct Theme {}

func checkout(_ scope: ImplicitScope) {
  @Implicit var cart: Cart
}

func draw(_ scope: ImplicitScope) {
  @Implicit var theme: Theme
}

final class CheckoutController {
  var scope: ImplicitScope?

  func start() {
    var scope = ImplicitScope() // expected-error@:5 [scope-not-let] {{declare scope 'scope' with 'let', not 'var'}}
    defer { scope.end() }
    @Implicit var cart = Cart()
    checkout(scope)
  }

  func keep() {
    self.scope = ImplicitScope() // expected-error@:18 [scope-not-let] {{'scope' keeps this one in a property}}
    // expected-note@-1:18 {{keep a bag ('let implicits = #implicits') and restore it with 'withScope(with: implicits) { scope in … }'}}
  }

  func spelled() {
    var scope: ImplicitScope = .init() // expected-error@:5 [scope-not-let] {{declare scope 'scope' with 'let', not 'var'}}
    defer { scope.end() }
  }
}

func forgetsToEnd() {
  let scope = ImplicitScope() // expected-error@:7 [scope-end-missing] {{scope 'scope' is never ended; add 'defer { scope.end() }' on the next line}}
  @Implicit var cart = Cart()
  checkout(scope)
}

func endsTwice() {
  let scope = ImplicitScope()
  defer { scope.end() } // expected-note@:11 {{also ended here}}
  @Implicit var cart = Cart()
  checkout(scope)
  scope.end() // expected-error@:3 [scope-end-repeated] {{scope 'scope' is ended more than once}}
}

func endsByHand(_ items: [Cart]) {
  let scope = ImplicitScope()
  @Implicit var cart = Cart()
  checkout(scope)
  scope.end() // expected-error@:3 [scope-end-not-deferred] {{end scope 'scope' in 'defer { scope.end() }' right after its creation}}
}

func defersLate() {
  let scope = ImplicitScope() // expected-note@:7 {{scope 'scope' is created here}}
  @Implicit var cart = Cart()
  defer { scope.end() } // expected-error@:3 [scope-end-defer-misplaced] {{place 'defer { scope.end() }' on the statement right after 'let scope = …'}}
  checkout(scope)
}

func sharesTheDefer(_ log: (String) -> Void) {
  let scope = ImplicitScope()
  defer { scope.end(); log("checkout done") } // expected-error@:3 [scope-end-defer-shared] {{'scope.end()' must be alone in its 'defer'}}
  @Implicit var cart = Cart()
  checkout(scope)
}

func endsConditionally(_ ok: Bool) {
  let scope = ImplicitScope()
  defer {
    if ok { scope.end() } // expected-error@:13 [scope-end-nested-in-defer] {{'scope.end()' must be at the top level of its 'defer'}}
  }
  @Implicit var cart = Cart()
  checkout(scope)
}

func endsTheCallersScope(_ scope: ImplicitScope) {
  defer { scope.end() } // expected-error@:11 [end-inherited-scope] {{'scope.end()' ends the scope 'endsTheCallersScope(_:)' received from its caller}}
  checkout(scope)
}

func endsTheClosuresScope() {
  withScope { scope in
    @Implicit var cart = Cart()
    checkout(scope)
    scope.end() // expected-error@:5 [end-inherited-scope] {{'scope.end()' ends the scope this closure received from its caller}}
  }
}

func endsCapturedScope(_ later: @escaping () -> Void) {
  let scope = ImplicitScope() // expected-error@:7 [scope-end-missing] {{scope 'scope' is never ended}}
  @Implicit var cart = Cart()
  checkout(scope)
  let finish = { scope.end() } // expected-error@:18 [end-inherited-scope] {{'scope.end()' ends a scope that this closure did not create}}
  finish()
}

func twoScopes() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cart = Cart()
  checkout(scope)
  let inner = scope.nested()
  defer { inner.end() }
  @Implicit var theme = Theme()
  draw(inner)
}

func restartsFromNothing(_ scope: ImplicitScope) {
  let fresh = ImplicitScope() // expected-warning@:15 [root-scope-overrides] {{'restartsFromNothing(_:)' receives a scope, but creates a root scope; it opens on top of what the caller provides}}
  defer { fresh.end() }
  @Implicit var cart = Cart()
  checkout(fresh)
}

func restartsWithScope(_ scope: ImplicitScope) {
  withScope { inner in // expected-warning@:3 [root-scope-overrides] {{'restartsWithScope(_:)' receives a scope, but creates a root scope}}
    @Implicit var theme = Theme()
    draw(inner)
  }
}

func discards() {
  let _ = ImplicitScope() // expected-error@:7 [scope-not-let] {{bind the scope to a name ('let scope = …')}}
  _ = ImplicitScope() // expected-error@:7 [scope-not-let] {{create scopes as 'let scope = ImplicitScope()'}}
}
