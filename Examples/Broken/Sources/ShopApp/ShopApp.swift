import Implicits
import ShopCore
import ShopFeatures

/// The composition root: every service is declared once, here, and reaches the code
/// that reads it through `ImplicitScope` parameters only.
@main
enum ShopApp {
  static func main() async {
    print("Implicits example shop: one day of trading\n")
    let scope = ImplicitScope()
    defer { scope.end() }

    @Implicit var logger = Logger()
    @Implicit var catalog: Catalog = .demo
    @Implicit var inventory = Inventory(scope)
    // Created by the first function that reads it (the first sale), not here.
    @Implicit(.lazy) var history = OrderHistory(scope)
    @Implicit(\.currency) var currency = Currency.euro

    await ShoppingDay.run(scope)
  }
}
