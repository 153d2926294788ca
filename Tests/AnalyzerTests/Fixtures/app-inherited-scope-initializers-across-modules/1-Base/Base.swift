// A base view model in a library: its subclasses in an app inherit `init(_ scope:)` from
// the library's interface. Compiles with `swiftc -typecheck` (each module).
import Implicits

public struct Logger { public init() {} }
public struct Session { public init() {} }

open class BaseViewModel {
  @Implicit public var logger: Logger

  public init(_ scope: ImplicitScope) {}

  public init(title: String) {}
}
