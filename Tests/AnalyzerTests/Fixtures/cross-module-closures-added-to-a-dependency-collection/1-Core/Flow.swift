// A library's flow whose steps the app adds to its public collection properties, one of
// an alias (`[Step]`), one written out; `run` calls each element with its caller's scope
// (`step(scope)`, `$0(scope)`: values of no alias, `(ImplicitScope)` in `closureRunners`).
import Implicits

public struct Logger: Sendable { public init() {}; public func log(_ s: String) {} }
public struct Metrics: Sendable { public init() {}; public func count(_ s: String) {} }

public typealias Step = (ImplicitScope) -> Void

public final class Flow {
  public var steps: [Step] = []
  public var checks: [(ImplicitScope) -> Void] = []
  public init() {}
  public func run(_ scope: ImplicitScope) {
    for step in steps { step(scope) }
    checks.forEach { $0(scope) }
  }
}

public func log(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.log(event)
}

public func count(_ event: String, _ scope: ImplicitScope) {
  @Implicit var metrics: Metrics
  metrics.count(event)
}
