// A logging module: a console in DEBUG builds, the system log on Linux, a crash reporter in
// DEBUG builds on Linux (nested `#if`s). Each sink is read only where it is compiled, and
// the module spells its conditions with parentheses and spaces the app does not use: the
// same condition for the analyzer all the same.
import Implicits

public struct ConsoleSink: Sendable { public init() {} }
public struct SystemLog: Sendable { public init() {} }
public struct CrashReporter: Sendable { public init() {} }

public func log(_ message: String, _ scope: ImplicitScope) {
#if (DEBUG)
  @Implicit var console: ConsoleSink
#endif
#if os( Linux )
  @Implicit var system: SystemLog
#endif
}

public func logFailure(_ message: String, _ scope: ImplicitScope) {
#if DEBUG
#if os(Linux)
  @Implicit var reporter: CrashReporter
#endif
#endif
  log(message, scope)
}
