import Implicits
import ShopCore

/// The shelves. An actor, because concurrent checkouts take items from the same stock.
///
/// Its logger is a stored implicit, captured when the inventory is created; the
/// catalog is read once, in `init(_:)`, for the opening stock.
public actor Inventory {
  @Implicit() var logger: Logger
  private var stock: [String: Int]

  public init(_ scope: ImplicitScope) {
    @Implicit var catalog: Catalog
    stock = catalog.openingStock
  }

  /// Takes the cart's items off the shelves and returns `[]`, or takes nothing and
  /// returns the names of the products that are short.
  public func reserve(_ cart: Cart) -> [String] {
    let short = cart.lines.filter { stock[$0.product.sku, default: 0] < $0.quantity }
    guard short.isEmpty else { return short.map(\.product.name) }
    for line in cart.lines { stock[line.product.sku, default: 0] -= line.quantity }
    logger.log("inventory", "reserved \(cart.itemCount) item(s), \(stock.values.reduce(0, +)) left on the shelves")
    return []
  }
}
