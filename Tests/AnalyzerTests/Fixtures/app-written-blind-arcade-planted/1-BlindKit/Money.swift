import Implicits

/// An amount in cents, in the app's home currency.
public struct Money: Equatable, Comparable, CustomStringConvertible, Sendable {
  public var cents: Int
  public init(cents: Int) { self.cents = cents }

  public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
  public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }
  public static func * (lhs: Money, factor: Int) -> Money { Money(cents: lhs.cents * factor) }
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
  public static let zero = Money(cents: 0)

  public var description: String { "\(cents / 100).\(String(format2: cents % 100))" }
}

infix operator |>>: AdditionPrecedence

extension Money {
  /// Converts to the foreign currency of the caller's scope: `price |>> scope`.
  public static func |>> (amount: Money, scope: ImplicitScope) -> Money {
    @Implicit(\.exchangeRate) var rate: Double
    return Money(cents: Int((Double(amount.cents) * rate).rounded()))
  }
}

extension String {
  init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

/// Prices by product id; the subscript that takes a scope logs the lookup.
public struct PriceList: Sendable {
  private var prices: [String: Money]
  public init(_ prices: [String: Money]) { self.prices = prices }

  public subscript(_ id: String) -> Money? { prices[id] }

  public subscript(_ id: String, _ scope: ImplicitScope) -> Money {
    let price = prices[id] ?? .zero
    note("price of \(id) is \(price)", scope)
    return price
  }

  public var ids: [String] { prices.keys.sorted() }
}
