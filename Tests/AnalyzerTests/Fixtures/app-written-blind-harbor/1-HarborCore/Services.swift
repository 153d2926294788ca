// A blind round (issue 18 item 8, session 13): "Harbor", a small server and the iOS app that
// talks to it — a router of handler closures with middleware wrapping `next`, request-scoped
// values, a connection pool actor, an iOS dependency container migrated halfway, a
// view-controller hierarchy with overrides and `super` calls, protocol extensions that take a
// scope, generics, `throws(…)`, `rethrows`, `@autoclosure`, `inout`, recursion, completion
// handlers bridged with continuations, `#if`, XCTest and Swift Testing — written before the
// analyzer saw it. The six planted mistakes (P1–P6) are marked where they are.
import Foundation
import Implicits

/// Collects log lines; shared by tasks, so it locks.
public final class Logger: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  public let label: String

  public init(label: String) { self.label = label }

  public func info(_ line: String) { lock.withLock { lines.append("[\(label)] \(line)") } }
  public var count: Int { lock.withLock { lines.count } }
  public var last: String? { lock.withLock { lines.last } }
}

/// Counters by name.
public final class Metrics: @unchecked Sendable {
  private let lock = NSLock()
  private var counters: [String: Int] = [:]

  public init() {}

  public func increment(_ name: String, by amount: Int = 1) {
    lock.withLock { counters[name, default: 0] += amount }
  }

  public subscript(name: String) -> Int { lock.withLock { counters[name] ?? 0 } }
}

/// Where the server runs; production carries its region.
public enum Deployment: Sendable, Equatable {
  case development
  case staging(build: Int)
  case production(region: String)

  public var label: String {
    switch self {
    case .development: "dev"
    case .staging(let build): "staging-\(build)"
    case .production(let region): "prod-\(region)"
    }
  }
}

public struct ServerConfig: Sendable {
  public var deployment: Deployment
  public var maxConnections: Int
  public init(deployment: Deployment, maxConnections: Int) {
    self.deployment = deployment
    self.maxConnections = maxConnections
  }
  public static let local = ServerConfig(deployment: .development, maxConnections: 2)
}

extension ImplicitsKeys {
  /// The id of the request being served; declared once per request by the router.
  public static let requestID = Key<String>()
  /// The tenant the authenticated caller belongs to; declared by the auth middleware.
  public static let tenant = Key<String>()
  /// How many rows a listing returns unless the request says otherwise.
  public static let pageSize = Key<Int>(default: 20)
}

/// One audit line with the request's id: every layer may call it.
public func audit(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit(\.requestID) var requestID: String
  logger.info("\(requestID) \(event)")
}
