import ShopCore

/// What a customer is about to buy.
public struct Cart: Sendable {
  public struct Line: Sendable {
    public let product: Product
    public var quantity: Int
  }

  public private(set) var lines: [Line] = []

  public init() {}

  public var isEmpty: Bool { lines.isEmpty }
  public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

  mutating func add(_ product: Product, quantity: Int) {
    if let index = lines.firstIndex(where: { $0.product == product }) {
      lines[index].quantity += quantity
    } else {
      lines.append(Line(product: product, quantity: quantity))
    }
  }
}

/// One customer's shopping list, as the rush hour serves it.
public struct Order: Sendable {
  public let customer: String
  public let memberDiscount: Int
  public let items: [(sku: String, quantity: Int)]

  public init(customer: String, memberDiscount: Int = 0, items: [(sku: String, quantity: Int)]) {
    self.customer = customer
    self.memberDiscount = memberDiscount
    self.items = items
  }
}
