// A library's router: the app hands it handlers that take the scope, by a function that
// keeps them (`on`) or by a closure property (`onMissing`), and `handle` runs them later
// with its caller's scope. Found by the session-30 hunt (an app wiring its routes).
import Implicits

public struct Logger: Sendable { public init() {}; public func log(_ s: String) {} }
public struct FeatureFlags: Sendable { public init() {}; public var newCheckout = false }
public final class Session: @unchecked Sendable { public init() {}; public var user = "ann" }

public extension ImplicitsKeys {
  @NamedImplicitKey static let locale = Key<String>(default: "en")
}

public typealias Handler = (String, ImplicitScope) -> String

public final class Router {
  private var routes: [String: Handler] = [:]
  public var onMissing: ((String, ImplicitScope) -> String)?
  public init() {}
  public func on(_ path: String, _ handler: @escaping Handler) { routes[path] = handler }
  public func handle(_ path: String, _ scope: ImplicitScope) -> String {
    routes[path]?(path, scope) ?? onMissing?(path, scope) ?? "404"
  }
}

public struct Greeting {
  public init() {}
  public func render(_ scope: ImplicitScope) -> String {
    @Implicit var session: Session
    @Implicit(\.locale) var locale: String
    return "\(locale): hi \(session.user)"
  }
}

public func currentUser(_ scope: ImplicitScope) -> String {
  @Implicit var session: Session
  return session.user
}

public func audit(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var flags: FeatureFlags
  logger.log("\(event) \(flags.newCheckout)")
}
