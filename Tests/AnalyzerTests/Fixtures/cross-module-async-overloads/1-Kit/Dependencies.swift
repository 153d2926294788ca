// A container with a synchronous and an `async` form of one signature, as migrated code
// has them (swift-dependencies' `withDependencies`). Here they declare different services,
// so a dependant's call must be checked against the form Swift picks: `await` picks the
// `async` one, a call without it the synchronous one.
public final class Logger { public init() {} }
public final class Analytics { public init() {} }

public func withServices<R>(_ operation: (ImplicitScope) throws -> R) rethrows -> R {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  return try operation(scope)
}

public func withServices<R>(_ operation: (ImplicitScope) async throws -> R) async rethrows -> R {
  try await withScope { scope in
    @Implicit var logger = Logger()
    @Implicit var analytics = Analytics()
    return try await operation(scope)
  }
}

public func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

public func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}
