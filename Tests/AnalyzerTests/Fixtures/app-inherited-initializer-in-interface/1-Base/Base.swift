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
// lists that initializer as `ProfileViewModel.init(_:)` (`InheritedEntries`): an importer's
// `ProfileViewModel(scope)` needs `Logger` and `Session`.
open class ProfileViewModel: BaseViewModel {
  @Implicit public var session: Session
}
