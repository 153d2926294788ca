import Foundation
import Implicits

public final class Logger: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  public let category: String

  public init(category: String) {
    self.category = category
  }

  public func log(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    storage.append("[\(category)] \(line)")
  }

  public var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

public protocol Analytics: AnyObject, Sendable {
  func track(_ event: String, _ properties: [String: String])
}

public final class RecordingAnalytics: Analytics, @unchecked Sendable {
  private let lock = NSLock()
  public private(set) var events: [String] = []

  public init() {}

  public func track(_ event: String, _ properties: [String: String]) {
    lock.lock()
    defer { lock.unlock() }
    let props = properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    events.append(props.isEmpty ? event : "\(event)(\(props))")
  }
}

/// Reads the logger and tags the line with the account: what every layer calls.
public func trace(_ message: @autoclosure () -> String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit(\.accountID) var account: String
  logger.log("\(account): \(message())")
}
