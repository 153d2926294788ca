// A widget library with a static factory and an instance member of one signature: a
// dependant's calls are told apart through the interface, as in the module itself.
import Implicits

public struct Theme: Sendable { public init() {} }
public struct Logger: Sendable { public init() {} }

public struct Widget: Sendable {
  public init() {}
  public static func make(_ scope: ImplicitScope) -> Widget {
    @Implicit var theme: Theme
    return Widget()
  }
  public func make(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
  }
}
