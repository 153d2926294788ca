// A dependency container migrated to implicits: `withDependencies` opens a root scope,
// declares the services and runs the caller's closure in it (swift-dependencies style).
public final class Logger { public init() {} }
public final class Analytics { public init() {} }
public final class Database { public init() {} }

public struct Dependencies {
  public var logger: Logger
  public var analytics: Analytics
  public init(logger: Logger, analytics: Analytics) {
    self.logger = logger
    self.analytics = analytics
  }
}

public func withDependencies<R>(_ dependencies: Dependencies, _ operation: (ImplicitScope) throws -> R) rethrows -> R {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = dependencies.logger
  @Implicit var analytics = dependencies.analytics
  return try operation(scope)
}

/// The async form opens its scope with `withScope`; this one declares the logger only.
public func withLoggingAsync<R>(_ logger: Logger, _ operation: (ImplicitScope) async throws -> R) async rethrows -> R {
  try await withScope { scope in
    @Implicit var logger = logger
    return try await operation(scope)
  }
}

/// Restores a bag around the closure: what the bag holds is not in the interface, so the
/// closure needs everything from its caller.
public func replaying<R>(_ bag: Implicits, _ operation: (ImplicitScope) -> R) -> R {
  withScope(with: bag) { scope in operation(scope) }
}

public func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var analytics: Analytics
}

public func query(_ scope: ImplicitScope) {
  @Implicit var database: Database
}
