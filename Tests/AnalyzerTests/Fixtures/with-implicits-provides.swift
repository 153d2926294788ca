// `withImplicits({ declarations }) { operation }` (ImplicitsTesting) runs the operation in
// a scope holding the declarations, like a test under `.implicits { }`; an XCTest case that
// wraps `invokeTest()` in it runs each test there.
import Implicits
import ImplicitsTesting
import XCTest

protocol API {}
struct MockAPI: API {}
struct Cart { init() {} }

final class CheckoutModel {
  @Implicit var api: any API // expected-note@:17 {{'any API' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
}

func total(_ scope: ImplicitScope) -> Int {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}}
  return 0
}

func loadCart(_ scope: ImplicitScope) async -> Int {
  @Implicit var cart: Cart
  return 1
}

final class CheckoutTests: XCTestCase {
  func testModel() {
    withImplicits({ @Implicit var api: any API = MockAPI() }) {
      let scope = ImplicitScope()
      defer { scope.end() }
      _ = CheckoutModel(scope)
    }
  }

  func testReadsInTheOperation() throws {
    try withImplicits({
      @Implicit var api: any API = MockAPI()
      @Implicit var cart = Cart()
    }, operation: {
      @Implicit var api: any API
      withScope { scope in
        XCTAssertEqual(total(scope), 0)
      }
    })
  }

  func testAsync() async {
    await withImplicits({ @Implicit var cart = Cart() }) {
      await withScope { scope in
        _ = await loadCart(scope)
      }
    }
  }

  func testMissesACart() {
    withImplicits({ @Implicit var api: any API = MockAPI() }) { // expected-error@:5 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
      withScope { scope in
        _ = total(scope) // expected-note@:13 {{'Cart' is required by the call to 'total(_:)' here}}
      }
    }
  }

  func testReadsOutsideTheOperation() {
    withImplicits({ @Implicit var cart = Cart() }) {}
    @Implicit var cart: Cart // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Cart' used in 'CheckoutTests.testReadsOutsideTheOperation()'}}
  }
}

final class CartTests: XCTestCase {
  override func invokeTest() {
    withImplicits({ @Implicit var cart = Cart() }) { super.invokeTest() }
  }

  override func setUp() {
    @Implicit var cart: Cart
  }

  func testTotal() {
    withScope { scope in _ = total(scope) }
  }

  func testModel() { // expected-error@:8 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
    withScope { scope in
      _ = CheckoutModel(scope) // expected-note@:11 {{'any API' is required by the call to 'CheckoutModel.init(_:)' here}}
    }
  }

  /// A helper of the case is not run by `invokeTest()`: it takes a scope.
  func makeTotal(_ scope: ImplicitScope) -> Int { total(scope) }
}

final class PlainTests: XCTestCase {
  func testTotal() {
    @Implicit var cart: Cart // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Cart' used in 'PlainTests.testTotal()'}}
  }
}
