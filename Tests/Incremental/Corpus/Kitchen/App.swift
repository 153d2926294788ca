import Foundation
import Implicits

// The app's entry points: launch declares the services once; a widget forgets one.

final class KitchenApp {
  let store = OrderStore()
  let tracker = Tracker()
  var coordinator: OrderCoordinator?

  func launch(table: Int) async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger: any Logging = ConsoleLogger()
    @Implicit var tracker = tracker
    @Implicit var store = store
    @Implicit var api: any OrderAPI = LiveOrderAPI(baseURL: URL(fileURLWithPath: "/"))
    @Implicit var formatter = PriceFormatter(code: "EUR")
    @Implicit(\.tableNumber) var table = table
    @Implicit var processor = CardProcessor()
    let coordinator = OrderCoordinator(scope)
    self.coordinator = coordinator
    await coordinator.start(scope)
  }

  func receipt(for order: Order) async throws -> String {
    try await withScope { scope in
      @Implicit var tracker = Tracker()
      @Implicit var processor = CardProcessor()
      let receipt = try await processor.settle(order, scope)
      return ReceiptScreen(receipt: receipt).body.body
    }
  }
}

func widgetTimeline() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var tracker = Tracker()
  @Implicit var store: Store = OrderStore()
  // Error: no `any Logging` (the base class reads it) and no table number.
  let cart = CartViewModel(scope)
  await cart.make(scope)
}
