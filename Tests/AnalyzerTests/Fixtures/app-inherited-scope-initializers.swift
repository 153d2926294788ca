// View models, stores and test cases that inherit `init(_ scope:)` from their base class:
// Swift gives a subclass that declares no designated initializer every one of its
// superclass's, so each reads its own stored implicits and then the base's. Every class
// here compiles (`swiftc -typecheck`); the errors are keys a root scope does not declare.
import Implicits

struct Logger { var name: String }
struct Session { var id: Int }
struct Feed {}
struct SearchIndex {}
struct Cart {}
struct Payments {}

class BaseViewModel {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read by this stored property when 'init(_ scope:)' runs}} // expected-note@:17 {{'Logger' is read by this stored property when 'init(_ scope:)' runs}}

  init(_ scope: ImplicitScope) {}

  func log(_ text: String) { print(logger.name, text) }
}

final class ProfileViewModel: BaseViewModel {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read by this stored property when 'init(_ scope:)' runs}}

  func show() { log("session \(session.id)") }
}

// Not final, and subclassed again: three levels, each with its own stored implicit.
class FeedViewModel: BaseViewModel { // expected-note@:1 {{'Logger' is required by 'BaseViewModel.init(_:)', which this class inherits}}
  @Implicit var feed: Feed // expected-note@:17 {{'Feed' is read by this stored property when 'init(_ scope:)' runs}}
}

final class SearchViewModel: FeedViewModel { // expected-note@:1 {{'Feed' and 'Logger' are required by 'FeedViewModel.init(_:)', which this class inherits}}
  @Implicit var index: SearchIndex
}

// A convenience initializer does not stop the inheritance.
final class CartViewModel: BaseViewModel {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read by this stored property when 'init(_ scope:)' runs}}

  convenience init(itemCount: Int, _ scope: ImplicitScope) {
    self.init(scope)
  }
}

// A convenience initializer with the same labels but no scope (for previews, with a root
// scope of its own): `init(_ scope:)` is still the base's, inherited.
final class OrderViewModel: BaseViewModel {
  @Implicit var cart: Cart

  convenience init(_ previewID: Int) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger(name: "preview \(previewID)")
    @Implicit var cart = Cart()
    self.init(scope)
  }
}

// Overridden: its own `init(_ scope:)` reads its stored implicits and runs the base's.
final class CheckoutViewModel: BaseViewModel {
  @Implicit var payments: Payments

  override init(_ scope: ImplicitScope) {
    super.init(scope) // expected-note@:5 {{'Logger' is required by the call to 'BaseViewModel.init(_:)' here}}
  }
}

func openProfile(_ scope: ImplicitScope) {
  let model = ProfileViewModel(scope) // expected-note@:15 {{'Session' is required by the call to 'ProfileViewModel.init(_:)' here}}
  model.show()
}

func openSearch(_ scope: ImplicitScope) {
  _ = SearchViewModel.init(scope) // expected-note@:7 {{'Feed' and 'Logger' are required by the call to 'SearchViewModel.init(_:)' here}}
}

func openCart(_ scope: ImplicitScope) {
  let model: CartViewModel = .init(itemCount: 2, scope) // expected-note@:30 {{'Cart' is required by the call to 'CartViewModel.init(itemCount:_:)' here}}
  _ = model
}

func openOrder(_ scope: ImplicitScope) {
  _ = OrderViewModel(scope)
}

func openCheckout(_ scope: ImplicitScope) {
  _ = CheckoutViewModel(scope) // expected-note@:7 {{'Logger' is required by the call to 'CheckoutViewModel.init(_:)' here}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(name: "app")
  @Implicit var session = Session(id: 1)
  @Implicit var feed = Feed()
  @Implicit var index = SearchIndex()
  @Implicit var cart = Cart()
  @Implicit var payments = Payments()
  openProfile(scope)
  openSearch(scope)
  openCart(scope)
  openOrder(scope)
  openCheckout(scope)
}

// Only the subclass's own stored property needs `Session`: the error names it here.
func rootMissingSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point; declare it in this scope (e.g. '@Implicit var session = Session(…)') before it is needed}}
  defer { scope.end() }
  @Implicit var logger = Logger(name: "app")
  openProfile(scope) // expected-note@:3 {{'Session' is required by the call to 'openProfile(_:)' here}}
}

// Two levels up: `Feed` is read by the middle class, `Logger` by the base.
func rootMissingFeedAndLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Feed' and 'Logger' at this entry point; declare them in this scope (e.g. '@Implicit var feed = Feed(…)') before they are needed}}
  defer { scope.end() }
  @Implicit var index = SearchIndex()
  openSearch(scope) // expected-note@:3 {{'Feed' and 'Logger' are required by the call to 'openSearch(_:)' here}}
}

func rootMissingCart() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point; declare it in this scope (e.g. '@Implicit var cart = Cart(…)') before it is needed}}
  defer { scope.end() }
  @Implicit var logger = Logger(name: "app")
  openCart(scope) // expected-note@:3 {{'Cart' is required by the call to 'openCart(_:)' here}}
}

func rootMissingLoggerForCheckout() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point; declare it in this scope (e.g. '@Implicit var logger = Logger(…)') before it is needed}}
  defer { scope.end() }
  @Implicit var payments = Payments()
  openCheckout(scope) // expected-note@:3 {{'Logger' is required by the call to 'openCheckout(_:)' here}}
}
