// A SwiftUI-style view: `body` is a computed property with no scope, so the view keeps a
// bag from its init and button actions restore it.
import Implicits
import SwiftUI

struct Theme { var accent = 1 }
struct Cart { init() {} }

func checkout(_ scope: ImplicitScope) {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}}
}

struct CartView: View {
  private let implicits = #implicits // expected-note@:27 {{'Cart' is captured by the '#implicits' bag here}}
  private let title: String

  init(title: String, _ scope: ImplicitScope) {
    self.title = title
  }

  var body: some View {
    VStack {
      Text(title)
      Button("Pay") {
        withScope(with: implicits) { scope in
          checkout(scope) // expected-note@:11 {{'Cart' is required by the call to 'checkout(_:)' here}}
        }
      }
    }
  }
}

struct ThemedView: View {
  var body: some View {
    @Implicit var theme: Theme // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Theme' used in}}
    return Text("\(theme.accent)")
  }
}

struct RootView: View {
  let cartView: CartView

  init(_ scope: ImplicitScope) {
    cartView = CartView(title: "Cart", scope) // expected-note@:16 {{'Cart' is required by the call to 'CartView.init(title:_:)' here}}
  }

  var body: some View { cartView }
}

func makeRoot() -> RootView {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  return RootView(scope) // expected-note@:10 {{'Cart' is required by the call to 'RootView.init(_:)' here}}
}

func makeRootWithCart() -> RootView {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cart = Cart()
  return RootView(scope)
}
