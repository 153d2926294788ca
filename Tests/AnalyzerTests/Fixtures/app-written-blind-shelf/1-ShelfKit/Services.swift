// A blind round (issue 18 item 8, session 11): a DI-container app migrating to implicits,
// a Redux-style store, UIKit-style screens, yandex/implicits-style code, a server and tests,
// written before the analyzer saw them; compiled runtime-only and run, the correct paths run
// and the tests pass, and each path marked broken stops on the value it is reported for.
import Foundation
import Implicits

/// Collects log lines; thread-safe so handlers on several tasks can share it.
public final class Logger: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  public let label: String
  public init(label: String = "shelf") { self.label = label }
  public func log(_ line: String) { lock.withLock { lines.append("[\(label)] \(line)") } }
  public var all: [String] { lock.withLock { lines } }
}

public protocol APIClient: Sendable {
  func fetch(_ path: String) async throws -> [String]
}

public enum APIError: Error, Equatable {
  case notFound(String)
  case offline
}

public struct StubAPI: APIClient {
  public var books: [String]
  public init(books: [String] = ["Dune", "Emma"]) { self.books = books }
  public func fetch(_ path: String) async throws -> [String] {
    switch path {
    case "/fail": throw APIError.notFound(path)
    case let p where p.hasPrefix("/offline"): throw APIError.offline
    default: return books
    }
  }
}

/// A key-value database; `open` is how the app always made one.
public final class Database: @unchecked Sendable {
  private let lock = NSLock()
  private var rows: [String: Int] = [:]
  public let name: String
  private init(name: String) { self.name = name }
  public static func open(_ name: String = "shelf.db") -> Database { Database(name: name) }
  public func save(_ key: String, _ value: Int) { lock.withLock { rows[key] = value } }
  public func load(_ key: String) -> Int? { lock.withLock { rows[key] } }
  public var count: Int { lock.withLock { rows.count } }
}

public struct FeatureFlags: Sendable {
  public var enabled: Set<String>
  public init(_ enabled: Set<String> = []) { self.enabled = enabled }
  public subscript(flag: String) -> Bool { enabled.contains(flag) }
}

extension ImplicitsKeys {
  public static let userID = Key<String>()
  public static let requestID = Key<Int>(default: 0)
  public static let pageSize = Key<Int>(default: 20)
}

/// Logs with the request it belongs to (0 outside a request).
public func log(_ message: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit(\.requestID) var requestID: Int
  logger.log("#\(requestID) \(message)")
}

/// Fetches the shelf and stores each book's position.
public func sync(_ scope: ImplicitScope) async throws -> Int {
  @Implicit var api: any APIClient
  @Implicit var database: Database
  @Implicit(\.pageSize) var pageSize: Int
  let books = try await api.fetch("/books").prefix(pageSize)
  for (index, book) in books.enumerated() {
    database.save(book, index)
  }
  log("synced \(books.count)", scope)
  return books.count
}
