/// Prints what the shop does, one line per event, indented by area.
public final class Logger: Sendable {
  private let prefix: String
  private let isEnabled: Bool

  public init(prefix: String = "", isEnabled: Bool = true) {
    self.prefix = prefix
    self.isEnabled = isEnabled
  }

  /// A logger that prints nothing, for tests.
  public static let silent = Logger(isEnabled: false)

  public func log(_ area: String, _ message: String) {
    guard isEnabled else { return }
    let label = "[\(area)]".padding(toLength: 11)
    print("\(prefix)\(label) \(message)")
  }

  /// A logger whose lines are indented under this one's.
  public func indented() -> Logger { Logger(prefix: prefix + "    ", isEnabled: isEnabled) }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
