import Implicits

// Default implementations, as protocol extensions in a file of their own.

extension Logging {
  func log(_ message: String, _ scope: ImplicitScope) {
    @Implicit var flags: FeatureFlags
    log(flags.tipping ? "[tips] " + message : message)
  }

  func warn(_ message: String) {
    log("warning: " + message)
  }

  func flush() {}
}

extension OrderAPI {
  func refreshMenu(_ scope: ImplicitScope) async -> Menu? {
    @Implicit var logger: any Logging
    do {
      return try await menu()
    } catch {
      logger.warn("menu: \(error)")
      return nil
    }
  }
}

extension PaymentProcessing {
  func settle(_ order: Order, _ scope: ImplicitScope) async throws -> Receipt {
    @Implicit var tracker: Tracker
    tracker.track("settle", ["order": "\(order.id)"])
    return try await charge(order.total, for: order.id)
  }
}
