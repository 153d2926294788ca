import Implicits
import ImplicitsTesting
import ShopCore
import Testing

@testable import ShopFeatures

/// The suite's `.implicits { }` trait declares the services every test needs; a test's own
/// trait adds (or overrides) what is particular to it. Each test case gets fresh values in a
/// scope of its own, so nothing leaks between tests running in parallel. The analysis
/// plugin checks the tests too, and knows what the traits provide.
@Suite(
  .implicits {
    @Implicit var logger: Logger = .silent
    @Implicit var catalog: Catalog = .demo
    @Implicit var payments = PaymentGateway(merchant: "TEST")
    @Implicit(\.currency) var currency = Currency.euro
  })
struct CheckoutTests {
  @Test(.implicits {
    @Implicit(\.customerName) var customer = "Ada"
    @Implicit(\.memberDiscount) var memberDiscount = 10
  })
  func membersPayTheirDiscountedPrice() async throws {
    let receipt = try await withScope { scope in try await buy("BEANS", quantity: 2, scope) }
    #expect(receipt.total == Money(34, 2))  // 2 × €18.90 less 10 %
    #expect(receipt.transaction == "TEST-EUR-1")
  }

  @Test(.implicits { @Implicit(\.customerName) var customer = "Grace" })
  func guestsPayFullPrice() async throws {
    // No discount declared: the key's default, 0, applies.
    let receipt = try await withScope { scope in try await buy("BEANS", quantity: 2, scope) }
    #expect(receipt.total == Money(37, 80))  // 2 × €18.90
  }

  @Test(.implicits { @Implicit(\.customerName) var customer = "Grace" })
  func aNestedScopeOverridesOneImplicit() async throws {
    try await withScope { scope in
      @Implicit var inventory = Inventory(scope)
      try await withScope(nesting: scope) { scope in
        @Implicit(\.currency) var dollars = Currency.dollar
        let cart = CartComponent(scope)
        cart.add("MUG", scope)
        let receipt = try await Checkout(scope).pay(for: cart.cart, scope)
        #expect(receipt.transaction == "TEST-USD-1")
      }
      @Implicit(\.currency) var after: Currency
      #expect(after == .euro)
    }
  }

  /// Buys `quantity` × `sku` from a fresh inventory. Not a test: it gets what it needs from
  /// the test that calls it, through `scope`.
  func buy(_ sku: String, quantity: Int, _ scope: ImplicitScope) async throws -> Receipt {
    try await withScope(nesting: scope) { scope in
      @Implicit var inventory = Inventory(scope)
      let cart = CartComponent(scope)
      cart.add(sku, quantity: quantity, scope)
      return try await Checkout(scope).pay(for: cart.cart, scope)
    }
  }

  @Test(.implicits { @Implicit(\.customerName) var customer = "Edsger" })
  func aShortShelfFailsTheCheckout() async {
    await withScope { scope in
      @Implicit var inventory = Inventory(scope)
      let cart = CartComponent(scope)
      cart.add("GRINDER", quantity: 2, scope)
      // Not `#expect(throws:) { … }`: its closure escapes into the macro, where the
      // analyzer cannot follow the scope.
      do {
        _ = try await Checkout(scope).pay(for: cart.cart, scope)
        Issue.record("the checkout should have failed")
      } catch {
        #expect("\(error)" == "not enough Hand grinder in stock")
      }
    }
  }
}
