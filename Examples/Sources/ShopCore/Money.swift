/// An amount in the smallest unit of a currency (cents).
public struct Money: Sendable, Hashable, Comparable, AdditiveArithmetic {
  public var cents: Int

  public init(cents: Int) { self.cents = cents }

  /// `Money(12, 50)` is 1250 cents.
  public init(_ units: Int, _ cents: Int = 0) { self.cents = units * 100 + cents }

  public static let zero = Money(cents: 0)
  public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
  public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }
  public static func * (lhs: Money, quantity: Int) -> Money { Money(cents: lhs.cents * quantity) }
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

  /// This amount less `percent` per cent, rounded to the nearest cent.
  public func discounted(byPercent percent: Int) -> Money {
    Money(cents: (cents * (100 - percent) + 50) / 100)
  }
}

/// How prices are shown to the customer.
public enum Currency: String, Sendable {
  case euro = "EUR"
  case dollar = "USD"

  var symbol: String { self == .euro ? "€" : "$" }

  public func format(_ money: Money) -> String {
    let sign = money.cents < 0 ? "-" : ""
    let cents = abs(money.cents)
    let fraction = cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)"
    return "\(sign)\(symbol)\(cents / 100).\(fraction)"
  }
}
