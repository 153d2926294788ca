import Implicits
import ShopCore

/// Fills a cart from the catalog.
///
/// The component's services are stored implicits: they are read once, from the scope
/// passed to `init(_:)`, and the component keeps them for its lifetime.
public final class CartComponent {
  @Implicit() var catalog: Catalog
  @Implicit() var logger: Logger
  public private(set) var cart = Cart()

  public init(_ scope: ImplicitScope) {}

  /// Adds `quantity` × the product `sku`; `false` if the shop has no such product.
  @discardableResult
  public func add(_ sku: String, quantity: Int = 1, _ scope: ImplicitScope) -> Bool {
    guard let product = catalog.product(sku) else {
      logger.log("cart", "there is no product \(sku)")
      return false
    }
    cart.add(product, quantity: quantity)
    logger.log("cart", "+ \(quantity) × \(product.name) at \(formatted(product.price, scope))")
    return true
  }
}
