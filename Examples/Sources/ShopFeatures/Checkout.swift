import Implicits
import ShopCore

/// What the customer takes home.
public struct Receipt: Sendable {
  public let customer: String
  public let total: Money
  public let transaction: String
  public let summary: String
}

public enum CheckoutError: Error, CustomStringConvertible {
  case emptyCart
  case outOfStock([String])

  public var description: String {
    switch self {
    case .emptyCart: "the cart is empty"
    case .outOfStock(let names): "not enough \(names.joined(separator: ", ")) in stock"
    }
  }
}

/// Prices a cart, reserves the items and charges the customer.
public struct Checkout: Sendable {
  @Implicit() var payments: PaymentGateway
  @Implicit() var inventory: Inventory
  @Implicit() var logger: Logger
  @Implicit(\.customerName) var customer: String

  public init(_ scope: ImplicitScope) {}

  public func pay(for cart: Cart, _ scope: ImplicitScope) async throws -> Receipt {
    guard !cart.isEmpty else { throw CheckoutError.emptyCart }
    // Prices in this checkout carry the customer's discount; the nested scope keeps
    // the derived `Discount` from leaking to whoever called us.
    let scope = scope.nested()
    defer { scope.end() }
    Implicit.map(\.memberDiscount, to: Discount.self) { percent in
      percent > 0 ? Discount(percent: percent, reason: "member discount \(percent) %") : .none
    }

    async let shortages = inventory.reserve(cart)
    var total = Money.zero
    for line in cart.lines {
      total = total + price(of: line.product, quantity: line.quantity, scope)
    }
    let short = await shortages
    guard short.isEmpty else { throw CheckoutError.outOfStock(short) }

    // The value declared before the `await`s is still here after them.
    @Implicit(\.currency) var currency: Currency
    @Implicit var discount: Discount
    let transaction = await payments.charge(total, in: currency, for: customer)
    let summary = "\(cart.itemCount) item(s), \(formatted(total, scope)) (\(discount.reason))"
    logger.log("checkout", "\(customer) paid \(summary), transaction \(transaction)")
    return Receipt(customer: customer, total: total, transaction: transaction, summary: summary)
  }
}
