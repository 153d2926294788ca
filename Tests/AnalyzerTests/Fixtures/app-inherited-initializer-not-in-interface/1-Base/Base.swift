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

// Inherits the base's `init(_ scope:)` and reads `session` too. This module's interface
// lists the initializers a class writes, not those it inherits: an importer's
// `ProfileViewModel(scope)` gets the base's entry, without `Session`.
public final class ProfileViewModel: BaseViewModel {
  @Implicit public var session: Session
}
