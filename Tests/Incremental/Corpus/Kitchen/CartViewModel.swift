import Implicits

// The cart: overloads by label, a static factory beside an instance method of one name.

final class CartViewModel: BaseViewModel {
  @Implicit var store: Store
  @Implicit(\.tableNumber) var table: Int
  private(set) var order: Order?

  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }

  static func make(_ scope: ImplicitScope) -> CartViewModel {
    @Implicit var flags: FeatureFlags
    let model = CartViewModel(scope)
    model.expressCheckout = flags.expressCheckout
    return model
  }

  var expressCheckout = false

  func make(_ scope: ImplicitScope) async {
    order = await store.open(table: table, scope)
  }

  func add(_ item: Menu.Item, _ scope: ImplicitScope) async {
    await add(item, quantity: 1, scope)
  }

  func add(_ item: Menu.Item, quantity: Int, _ scope: ImplicitScope) async {
    if order == nil { await make(scope) }
    order?.lines.append(Order.Line(item: item, quantity: quantity))
    if let order { await store.update(order) }
    tracker.track("cart.add")
  }

  func add(contentsOf items: [Menu.Item], _ scope: ImplicitScope) async {
    for item in items {
      await add(item, scope)
    }
  }

  func checkout(_ scope: ImplicitScope) async throws -> CardProcessor.Receipt? {
    guard let order else { return nil }
    @Implicit var processor: CardProcessor
    _ = try await store.submit(order.id, scope)
    return try await processor.settle(order, scope)
  }
}
