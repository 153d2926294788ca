// A library's router whose handlers are of a public closure alias: kept by `on` in a
// dictionary, or set on `onRoute` (a property of the alias type), and run by `handle`
// through a value of the alias (`handler(path, scope)`) with its caller's scope.
import Implicits

public struct Logger: Sendable { public init() {}; public func log(_ s: String) {} }
public struct Metrics: Sendable { public init() {}; public func count(_ s: String) {} }

public typealias Handler = (String, ImplicitScope) -> Void

public final class Router {
  private var routes: [String: Handler] = [:]
  public var onRoute: Handler?
  public init() {}
  public func on(_ path: String, _ handler: @escaping Handler) { routes[path] = handler }
  public func handle(_ path: String, _ scope: ImplicitScope) {
    let fallback: Handler = { _, _ in }
    let handler: Handler = routes[path] ?? fallback
    handler(path, scope)
    onRoute?(path, scope)
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
