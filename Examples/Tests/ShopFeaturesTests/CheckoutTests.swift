import Implicits
import ShopCore
import Testing

@testable import ShopFeatures

/// Each test declares the services it needs in its own root scope: values never leak
/// between tests, even when they run in parallel, and a nested scope overrides one
/// implicit for part of a test. The analysis plugin checks the tests too.
@Suite struct CheckoutTests {
  @Test func membersPayTheirDiscountedPrice() async throws {
    try await withScope { scope in
      @Implicit var logger: Logger = .silent
      @Implicit var catalog: Catalog = .demo
      @Implicit var payments = PaymentGateway(merchant: "TEST")
      @Implicit var inventory = Inventory(scope)
      @Implicit(\.currency) var currency = Currency.euro
      @Implicit(\.customerName) var customer = "Ada"
      @Implicit(\.memberDiscount) var memberDiscount = 10

      let cart = CartComponent(scope)
      cart.add("BEANS", quantity: 2, scope)
      let receipt = try await Checkout(scope).pay(for: cart.cart, scope)

      #expect(receipt.total == Money(34, 2))  // 2 × €18.90 less 10 %
      #expect(receipt.transaction == "TEST-EUR-1")
    }
  }

  @Test func aNestedScopeOverridesOneImplicit() async throws {
    try await withScope { scope in
      @Implicit var logger: Logger = .silent
      @Implicit var catalog: Catalog = .demo
      @Implicit var payments = PaymentGateway(merchant: "TEST")
      @Implicit var inventory = Inventory(scope)
      @Implicit(\.currency) var currency = Currency.euro
      @Implicit(\.customerName) var customer = "Grace"
      @Implicit(\.memberDiscount) var memberDiscount = 0

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

  @Test func aShortShelfFailsTheCheckout() async {
    await withScope { scope in
      @Implicit var logger: Logger = .silent
      @Implicit var catalog: Catalog = .demo
      @Implicit var payments = PaymentGateway(merchant: "TEST")
      @Implicit var inventory = Inventory(scope)
      @Implicit(\.currency) var currency = Currency.euro
      @Implicit(\.customerName) var customer = "Edsger"
      @Implicit(\.memberDiscount) var memberDiscount = 0

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
