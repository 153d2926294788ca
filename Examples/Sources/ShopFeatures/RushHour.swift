import Implicits
import ShopCore

/// Serves several customers at once, one child task each.
///
/// Each child task gets the services through a bag captured where the task is created;
/// each customer's name, discount and logger are declared inside the task and are never
/// seen by the other tasks or by the caller.
public func serveRushHour(_ orders: [Order], _ scope: ImplicitScope) async -> [String] {
  await withTaskGroup(of: String.self) { group in
    for order in orders {
      group.addTask { [implicits = #implicits] in
        await withScope(with: implicits) { scope in
          @Implicit(\.customerName) var customer = order.customer
          @Implicit(\.memberDiscount) var memberDiscount = order.memberDiscount
          // Shadows the shop's logger in this task only: its lines name the customer.
          @Implicit var logger = Logger(prefix: "  \(order.customer): ")
          return await serve(order, scope)
        }
      }
    }
    var outcomes: [String] = []
    for await outcome in group { outcomes.append(outcome) }
    return outcomes.sorted()
  }
}

/// Fills a cart for `order`, checks out and records the receipt.
func serve(_ order: Order, _ scope: ImplicitScope) async -> String {
  @Implicit var history: OrderHistory
  let cart = CartComponent(scope)
  for item in order.items { cart.add(item.sku, quantity: item.quantity, scope) }
  do {
    let receipt = try await Checkout(scope).pay(for: cart.cart, scope)
    await history.record(receipt)
    return "\(order.customer): paid \(formatted(receipt.total, scope))"
  } catch {
    return "\(order.customer): \(error)"
  }
}
