import Foundation
import Implicits

// Named keys and the typealiases the app spells its keys through.

extension ImplicitsKeys {
  static let tableNumber = Key<Int>()
  static let currencyCode = Key<String>(default: "EUR")
  static let requestID = Key<UUID>()
}

typealias Store = OrderStore
typealias PriceFormatter = CurrencyFormatter
typealias OrderCompletion = (Result<Order.ID, Error>) -> Void
typealias Middleware = (Request, ImplicitScope, Handler) async throws -> Response
typealias Handler = (Request, ImplicitScope) async throws -> Response

struct CurrencyFormatter {
  var code: String
  func string(for amount: Decimal) -> String { "\(amount) \(code)" }
}
