import Implicits
import XCTest

final class CheckoutModel {
  @Implicit var api: any API
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
}

func connect(_ scope: ImplicitScope) {
  @Implicit var api: any API // expected-note@:17 {{'any API' is read here}}
}

final class ConnectionTests: BaseTestCase {
  func testConnects() {
    withScope { scope in
      connect(scope)
    }
  }
}

final class CheckoutTests: CartTestCase {
  func testModelWithACart() {
    withScope { scope in
      @Implicit var cart = Cart()
      _ = CheckoutModel(scope)
    }
  }

  func testModel() { // expected-error@:8 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
    withScope { scope in
      _ = CheckoutModel(scope) // expected-note@:11 {{'Cart' is required by the call to 'CheckoutModel.init(_:)' here}}
    }
  }
}

final class PlainTests: XCTestCase {
  func testConnects() {
    withScope { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
      connect(scope) // expected-note@:7 {{'any API' is required by the call to 'connect(_:)' here}}
    }
  }
}
