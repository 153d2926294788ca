/// Charges cards. An actor: payments from concurrent checkouts are serialised.
public actor PaymentGateway {
  private let merchant: String
  private var nextTransaction = 1

  public init(merchant: String) { self.merchant = merchant }

  /// Charges `amount` and returns the transaction id.
  public func charge(_ amount: Money, in currency: Currency, for customer: String) async -> String {
    await Task.yield()  // the network would be here
    defer { nextTransaction += 1 }
    return "\(merchant)-\(currency.rawValue)-\(nextTransaction)"
  }
}
