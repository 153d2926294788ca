// A function may open any number of scopes, one after another or in separate blocks, as
// at run time: a root scope opens on top of what is visible.
import Implicits

struct Session { init() {} }
struct Cart { init() {} }
struct Receipt { init() {} }

func loadCart(_ scope: ImplicitScope) {
  @Implicit var session: Session
}

func checkout(_ scope: ImplicitScope) {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}} // expected-note@:17 {{'Session' is read here}}
  @Implicit var cart: Cart
}

func printReceipt(_ scope: ImplicitScope) {
  @Implicit var receipt: Receipt
}

final class AppCoordinator {
  init() {}

  // One after another: the second opens on top of the first, whose values stay visible.
  func restart() {
    let loading = ImplicitScope()
    defer { loading.end() }
    @Implicit var session = Session()
    loadCart(loading)
    let buying = ImplicitScope()
    defer { buying.end() }
    @Implicit var cart = Cart()
    checkout(buying)
  }

  // In separate blocks: each is an entry point of its own.
  func runFlows(count: Int) {
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var session = Session()
      loadCart(scope)
    }
    for _ in 0..<count {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var receipt = Receipt()
      printReceipt(scope)
    }
  }

  // Broken: the second block's scope does not see the first block's session.
  func runFlowsBroken() {
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var session = Session()
      loadCart(scope)
    }
    do {
      let scope = ImplicitScope() // expected-error@:19 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
      defer { scope.end() }
      @Implicit var cart = Cart()
      checkout(scope) // expected-note@:7 {{'Session' is required by the call to 'checkout(_:)' here}}
    }
  }
}

// A root scope in a function that receives a scope sits on what its callers provide: the
// session comes from the caller.
func refresh(_ scope: ImplicitScope) {
  let scope = ImplicitScope() // expected-warning@:15 [root-scope-overrides] {{receives a scope, but creates a root scope}}
  defer { scope.end() }
  @Implicit var cart = Cart()
  checkout(scope) // expected-note@:3 {{'Session' is required by the call to 'checkout(_:)' here}}
}

func appStart() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  refresh(scope)
}

func appStartBroken() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  refresh(scope) // expected-note@:3 {{'Session' is required by the call to 'refresh(_:)' here}}
}

// Names that are not scopes are never scopes.
struct ZoomScope { func end() {} ; func nested() -> ZoomScope { self } }

func zoom(scope: ZoomScope) {
  let inner = scope.nested()
  inner.end()
  scope.end()
}

func badge(_ scope: ImplicitScope) {
  let scope = 2
  print(scope)
}

func render(_ scope: ImplicitScope) {
  @Implicit var session: Session
  let count = 2
  track(count, scope: "checkout")
  ["cart", "profile"].forEach { (scope: String) in print(scope) }
}

func track(_ value: Int, scope: String) {}
