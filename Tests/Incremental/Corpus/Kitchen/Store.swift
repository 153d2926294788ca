import Implicits

// An actor that keeps orders, read from view models and the server alike.

actor OrderStore {
  private var orders: [Order.ID: Order] = [:]
  private var nextID = 1

  func open(table: Int, _ scope: ImplicitScope) -> Order {
    @Implicit var tracker: Tracker
    defer { nextID += 1 }
    let order = Order(id: nextID, table: table)
    orders[order.id] = order
    tracker.track("order.open")
    return order
  }

  func update(_ order: Order) {
    orders[order.id] = order
  }

  func order(_ id: Order.ID) -> Order? {
    orders[id]
  }

  func submit(_ id: Order.ID, _ scope: ImplicitScope) async throws -> Order? {
    @Implicit var api: any OrderAPI
    guard var order = orders[id] else { return nil }
    _ = try await api.submit(order)
    order.status = .submitted
    orders[id] = order
    return order
  }
}

final class ImageCache<Key: Hashable, Image> {
  private var images: [Key: Image] = [:]
  subscript(key: Key) -> Image? {
    get { images[key] }
    set { images[key] = newValue }
  }
}
