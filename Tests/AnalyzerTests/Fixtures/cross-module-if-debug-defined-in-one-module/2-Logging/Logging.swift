// analyzer-define: DEBUG
// A logging module whose target defines DEBUG in every build: it always reads its console,
// and its interface lists the console without a condition.
import Implicits

public struct ConsoleSink: Sendable { public init() {} }

public func logVerbose(_ message: String, _ scope: ImplicitScope) {
#if DEBUG
  @Implicit var console: ConsoleSink
#endif
}
