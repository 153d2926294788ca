import Foundation
import Implicits

// The services a restaurant app injects: protocols first, the live types beside them.

protocol Logging: Sendable {
  func log(_ message: String)
  func flush()
}

protocol OrderAPI: Sendable {
  func submit(_ order: Order) async throws -> Order.ID
  func menu() async throws -> Menu
}

protocol PaymentProcessing {
  associatedtype Receipt
  func charge(_ amount: Decimal, for order: Order.ID) async throws -> Receipt
}

struct ConsoleLogger: Logging {
  var prefix = "kitchen"
  func log(_ message: String) { print("[\(prefix)] \(message)") }
}

struct LiveOrderAPI: OrderAPI {
  var baseURL: URL
  func submit(_ order: Order) async throws -> Order.ID { order.id }
  func menu() async throws -> Menu { Menu(sections: []) }
}

final class Tracker: @unchecked Sendable {
  private(set) var events: [String] = []
  func track(_ name: String, _ properties: [String: String] = [:]) { events.append(name) }
}

struct CardProcessor: PaymentProcessing {
  struct Receipt {
    var reference: String
  }
  func charge(_ amount: Decimal, for order: Order.ID) async throws -> Receipt {
    Receipt(reference: "\(order)-\(amount)")
  }
}

struct FeatureFlags {
  var tipping = false
  var expressCheckout = true
}

extension FeatureFlags: DefaultImplicit {
  static var defaultImplicit: FeatureFlags { FeatureFlags() }
}
