/// Something the shop sells.
public struct Product: Sendable, Hashable {
  public let sku: String
  public let name: String
  public let price: Money

  public init(sku: String, name: String, price: Money) {
    self.sku = sku
    self.name = name
    self.price = price
  }
}

/// Everything on sale, with the stock the day starts with.
public final class Catalog: Sendable {
  public let products: [String: Product]
  public let openingStock: [String: Int]

  public init(_ entries: [(Product, stock: Int)]) {
    products = Dictionary(uniqueKeysWithValues: entries.map { ($0.0.sku, $0.0) })
    openingStock = Dictionary(uniqueKeysWithValues: entries.map { ($0.0.sku, $0.stock) })
  }

  public func product(_ sku: String) -> Product? { products[sku] }

  /// The demo shop's shelves.
  public static let demo = Catalog([
    (Product(sku: "BEANS", name: "Coffee beans 1 kg", price: Money(18, 90)), stock: 5),
    (Product(sku: "GRINDER", name: "Hand grinder", price: Money(49)), stock: 1),
    (Product(sku: "MUG", name: "Enamel mug", price: Money(9, 50)), stock: 12),
    (Product(sku: "FILTER", name: "Paper filters x100", price: Money(4, 20)), stock: 30),
  ])
}
