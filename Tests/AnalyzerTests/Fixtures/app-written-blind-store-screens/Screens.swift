import Foundation
import Implicits

final class CheckoutCoordinator {
  var onFinish: ((Bool) -> Void)?
  init() {}

  func begin() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var theme = Theme()
    @Implicit var payments = Payments()
    @Implicit var logger = Logger()
    #if os(iOS)
    @Implicit var haptics = Haptics()
    CheckoutView(store: CartStore.load(scope)).body(scope)
    #else
    CheckoutView(store: .shared).body(scope)
    #endif
    CartStore.reset(scope)
  }

  func beginOnMac() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var theme = Theme()
    @Implicit var payments = Payments()
    @Implicit var logger = Logger()
    #if targetEnvironment(macCatalyst)
    let catalyst = scope.nested()
    defer { catalyst.end() }
    @Implicit var haptics = Haptics()
    CheckoutView(store: .shared).body(catalyst)
    #endif
  }

  func beginWithoutHaptics() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Haptics' at this entry point}}
    defer { scope.end() }
    @Implicit var theme = Theme()
    @Implicit var payments = Payments()
    @Implicit var logger = Logger()
    CheckoutView(store: .shared).body(scope) // expected-note@:5 {{'Haptics' is required by the call to 'body(_:)' here}}
  }

  func debugBegin(_ scope: ImplicitScope) {
    #if DEBUG
    let scope = ImplicitScope() // expected-warning@:17 [root-scope-overrides] {{'debugBegin(_:)' receives a scope, but creates a root scope}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    _ = CartStore.load(scope)
    #endif
  }
}
