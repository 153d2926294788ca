// An app's view models inherit `init(_ scope:)` from a library's base class (the
// dependency's interface lists its implicit initializers). Compiles with `swiftc -typecheck`.
import Base
import Implicits

struct Cart {}

// Declares no designated initializer: inherits every one the library's class has.
final class CartViewModel: BaseViewModel { // expected-note@:1 {{'Logger' is required by 'Base.BaseViewModel.init(_:)', which this class inherits}} // expected-note@:1 {{'Logger' is read in 'BaseViewModel.init(_:)' at app-inherited-scope-initializers-across-modules/1-Base/Base.swift:9:24}}
  @Implicit var cart: Cart
}

// Declares one: inherits none, so its stored implicit has no `init(_ scope:)`.
final class PreviewViewModel: BaseViewModel { // expected-error@:1 [type-without-scope-init] {{type 'PreviewViewModel' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)' to read them from}}
  @Implicit var cart: Cart

  init() { super.init(title: "preview") }
}

func openCart(_ scope: ImplicitScope) {
  _ = CartViewModel(scope) // expected-note@:7 {{'Logger' is required by the call to 'CartViewModel.init(_:)' here}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var cart = Cart()
  openCart(scope)
}

func rootWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var cart = Cart()
  openCart(scope) // expected-note@:3 {{'Logger' is required by the call to 'openCart(_:)' here}}
}

