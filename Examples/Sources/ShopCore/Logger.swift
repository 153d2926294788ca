/// Prints what the shop does, one line per event, indented by area.
public final class Logger: Sendable {
  private let prefix: String

  public init(prefix: String = "") { self.prefix = prefix }

  public func log(_ area: String, _ message: String) {
    let label = "[\(area)]".padding(toLength: 11)
    print("\(prefix)\(label) \(message)")
  }

  /// A logger whose lines are indented under this one's.
  public func indented() -> Logger { Logger(prefix: prefix + "    ") }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
