// A debug-tools library that declares the same function in both clauses of `#if DEBUG`:
// its interface lists both, and a dependant's call needs what either needs (the analyzer
// does not know which one the library was built with), not a choice between them.
import Implicits

public struct Clock: Sendable { public init() {} }
public struct Logger: Sendable { public init() {} }

#if DEBUG
public func debugOverlay(_ scope: ImplicitScope) -> String {
  @Implicit var clock: Clock
  return "debug"
}
#else
public func debugOverlay(_ scope: ImplicitScope) -> String {
  @Implicit var logger: Logger
  return ""
}
#endif

public struct Inspector {
  public init() {}
  #if DEBUG
  public func inspect(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
  #else
  public func inspect(_ scope: ImplicitScope) {}
  #endif
}
