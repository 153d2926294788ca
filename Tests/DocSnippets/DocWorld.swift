// The app the documentation's examples talk about: the services and values they name,
// with just enough members for the examples to type-check. Every doc snippet target
// imports this module; a snippet that declares a type of the same name shadows it. No
// implicits here — what a snippet reads or declares is in the snippet or its prelude.
import Foundation

public struct Wallet: Sendable { public var balance: Int; public init(balance: Int) { self.balance = balance } }

public protocol Logging: Sendable { func log(_ message: String) }
public final class Logger: Logging {
  public init() {}
  public func log(_ message: String) {}
}
public final class ConsoleLogger: Logging {
  public init() {}
  public func log(_ message: String) {}
}
public final class PreviewLogger: Logging {
  public init() {}
  public func log(_ message: String) {}
}

public enum Currency: Sendable { case euro, dollar }

public enum PaymentError: Error, Equatable { case declined }
public struct Receipt: Sendable { public var total: Double; public init(total: Double) { self.total = total } }
public protocol Payments: Sendable { func charge(_ amount: Double) async throws -> Receipt }
public struct PaymentGateway: Payments {
  public init() {}
  public static let declining = PaymentGateway()
  public func charge(_ amount: Double) async throws -> Receipt { Receipt(total: amount) }
}
public struct FakePayments: Payments {
  public init() {}
  public func charge(_ amount: Double) async throws -> Receipt { Receipt(total: amount) }
}
public struct DecliningPayments: Payments {
  public init() {}
  public func charge(_ amount: Double) async throws -> Receipt { throw PaymentError.declined }
}

public struct Cart: Sendable { public var total: Double; public init(total: Double = 0) { self.total = total } }
public final class CartService: Sendable { public init() {} }
public struct Discount: Sendable { public var percent: Int; public init(percent: Int) { self.percent = percent } }
public struct Order: Sendable { public var customer: String; public init(customer: String) { self.customer = customer } }

public final class Database: Sendable {
  public static func open(readOnly: Bool = false) -> Database { Database() }
}

public struct Post: Sendable { public init() {} }
public final class NetworkClient: Sendable {
  public init(baseURL: String) {}
  public func posts() -> [Post] { [] }
}
public final class Analytics: Sendable {
  public init() {}
  public func track(_ event: String) {}
}
public func render(_ posts: [Post]) {}

public struct User: Sendable { public var name: String; public init(name: String) { self.name = name } }
public struct AppConfig: Sendable { public var apiURL: String; public init(apiURL: String) { self.apiURL = apiURL } }
public struct APIClient: Sendable {
  public init(baseURL: String) {}
  public static let live = APIClient(baseURL: "https://api.example.com")
}
public enum Networking { public static func makeClient() -> APIClient { .live } }
public struct Settings: Sendable { public var darkMode: Bool; public init(darkMode: Bool) { self.darkMode = darkMode } }
public class API: @unchecked Sendable { public init() {} }
public final class LiveAPI: API, @unchecked Sendable {}

public struct Catalog: Sendable {
  public var openingStock: [String: Int]
  public init(openingStock: [String: Int] = [:]) { self.openingStock = openingStock }
}

/// A library whose declarations the analyzer does not see (*Analyzer diagnostics*).
public enum SomeLibrary { public static func run(_ work: @escaping @Sendable () -> Void) {} }
