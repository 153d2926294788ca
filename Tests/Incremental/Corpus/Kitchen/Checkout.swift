import Implicits

// A checkout flow whose steps report back through callbacks kept as properties.

typealias CheckoutStep = (Order, ImplicitScope) -> Void

final class CheckoutCoordinator {
  var onPaid: CheckoutStep?
  var onFailed: ((Error) -> Void)?
  var onReceipt: (CardProcessor.Receipt, ImplicitScope) -> Void = { _, _ in }
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    implicits = #implicits
    onPaid = { order, scope in
      logOrder(order, scope)
    }
    onReceipt = { receipt, scope in
      @Implicit var tracker: Tracker
      tracker.track("receipt", ["reference": receipt.reference])
    }
  }

  func pay(_ order: Order) async {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var processor: CardProcessor
    do {
      let receipt = try await processor.charge(order.total, for: order.id)
      onReceipt(receipt, scope)
      onPaid?(order, scope)
    } catch {
      onFailed?(error)
    }
  }
}

extension OrderCoordinator {
  func checkout(_ order: Order, _ scope: ImplicitScope) async {
    let checkout = CheckoutCoordinator(scope)
    checkout.onFailed = { [weak self] _ in self?.onFinish?(nil) }
    await checkout.pay(order)
  }
}
