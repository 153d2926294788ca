import Implicits
import ShopCore

/// Every receipt of the day. An actor with a stored implicit, like ``Inventory``.
public actor OrderHistory {
  @Implicit() var logger: Logger
  private var receipts: [Receipt] = []

  public init(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
    logger.log("history", "opened")
  }

  public func record(_ receipt: Receipt) {
    receipts.append(receipt)
    logger.log("history", "order #\(receipts.count) recorded for \(receipt.customer)")
  }

  /// Orders and takings, formatted by `format`.
  public func summary(_ format: (Money) -> String) -> String {
    let takings = receipts.reduce(Money.zero) { $0 + $1.total }
    return "\(receipts.count) order(s), takings \(format(takings))"
  }
}
