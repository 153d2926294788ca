#if canImport(Foundation)
import Foundation
#endif
import Implicits

/// Collects log lines; shared by the server's request tasks.
public final class Logger: @unchecked Sendable {
  public let label: String
  private var storage: [String] = []
  #if canImport(Foundation)
  private let lock = NSLock()
  #endif

  public init(label: String) {
    self.label = label
  }

  public func log(_ message: String) {
    #if canImport(Foundation)
    lock.lock()
    defer { lock.unlock() }
    #endif
    storage.append("[\(label)] \(message)")
  }

  public var lines: [String] {
    #if canImport(Foundation)
    lock.lock()
    defer { lock.unlock() }
    #endif
    return storage
  }
}

/// Writes an audit line for the current request.
public func audit(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit(\.requestID) var requestID: String
  logger.log("audit \(requestID): \(event)")
}

/// Logs only when the caller asked for verbose output.
public func trace(_ message: @autoclosure () -> String, _ scope: ImplicitScope) {
  @Implicit(\.verbose) var verbose: Bool
  guard verbose else { return }
  @Implicit var logger: Logger
  logger.log("trace: \(message())")
}
