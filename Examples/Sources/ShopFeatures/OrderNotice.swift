import Implicits
import ShopCore

/// The text of the "your order is on its way" notice, made when the order is placed and
/// sent later from a delivery callback, on whatever thread that runs.
///
/// `withOrderNoticeImplicits` is a named closure wrapper: nobody declares it, the analysis
/// plugin generates it. Called here, it captures what the closure needs (the customer's
/// name and the logger) and returns a `@Sendable (Int) -> String` that restores them
/// each time it runs, after this scope has ended too.
public func makeOrderNotice(_ scope: ImplicitScope) -> @Sendable (Int) -> String {
  withOrderNoticeImplicits { @Sendable (orderNumber: Int, scope) in
    notice(for: orderNumber, scope)
  }
}

func notice(for orderNumber: Int, _ scope: ImplicitScope) -> String {
  @Implicit(\.customerName) var customer: String
  @Implicit var logger: Logger
  logger.log("notice", "order \(orderNumber) for \(customer)")
  return "Order \(orderNumber) is on its way, \(customer)."
}
