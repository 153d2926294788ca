import Implicits

/// `money` in the current currency: an implicit function other modules call through
/// the analyzer's interface file, so their callers must provide `\.currency` too.
public func formatted(_ money: Money, _ scope: ImplicitScope) -> String {
  @Implicit(\.currency) var currency: Currency
  return currency.format(money)
}

/// The price of `quantity` × `product` after the discount in scope.
public func price(of product: Product, quantity: Int, _ scope: ImplicitScope) -> Money {
  @Implicit var discount: Discount
  return (product.price * quantity).discounted(byPercent: discount.percent)
}

/// The discount applied to prices in a scope, derived from the member discount at
/// checkout (`Implicit.map`).
public struct Discount: Sendable {
  public let percent: Int
  public let reason: String

  public init(percent: Int, reason: String) {
    self.percent = percent
    self.reason = reason
  }

  public static let none = Discount(percent: 0, reason: "no discount")
}
