// Issue 18 item 8, the eighth blind round (session 17): a notes/mail app written before
// running the analyzer — hand-written observable view models, coordinators with child
// coordinators, delegates and stored completions, a sync engine actor (retries, async let,
// task groups, a stored Task), typed endpoints, a Swinject container migrated to
// `withDependencies`, hand-written named keys (built with `traits: []`), Swift Testing and
// XCTest. It ran to the end in debug and release against the runtime; the planted copy is
// `app-written-blind-mail-planted`.
import Implicits

/// The services the app used to register in a Swinject container
/// (`container.register(Logger.self) { _ in Logger(category: "mail") }`, resolved with
/// `resolver.resolve(Logger.self)!` in every initializer). The migration kept the one place
/// that builds them and replaced the resolving with a root scope that declares them.
public struct AppDependencies: Sendable {
  public var logger: Logger
  public var transport: any HTTPTransport
  public var analytics: any Analytics
  public var api: APIClient
  public var accountID: String
  public var flags: FeatureFlags

  public init(logger: Logger, transport: any HTTPTransport, analytics: any Analytics, api: APIClient,
              accountID: String, flags: FeatureFlags) {
    self.logger = logger
    self.transport = transport
    self.analytics = analytics
    self.api = api
    self.accountID = accountID
    self.flags = flags
  }

  public static func live(account: String, server: InMemoryServer) -> AppDependencies {
    AppDependencies(
      logger: Logger(category: "mail"),
      transport: server,
      analytics: RecordingAnalytics(),
      api: APIClient(baseURL: "https://mail.example.com"),
      accountID: account,
      flags: FeatureFlags(threadedInbox: true)
    )
  }

  /// swift-dependencies' `withDependencies { $0.logger = … }`: a copy with some overridden.
  public func with(_ change: (inout AppDependencies) -> Void) -> AppDependencies {
    var copy = self
    change(&copy)
    return copy
  }
}

/// Opens a root scope with every dependency declared and runs `operation` in it.
public func withDependencies<R>(_ dependencies: AppDependencies, _ operation: (ImplicitScope) throws -> R) rethrows -> R {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = dependencies.logger
  @Implicit var transport = dependencies.transport
  @Implicit var analytics = dependencies.analytics
  @Implicit var api = dependencies.api
  @Implicit(\.accountID) var account = dependencies.accountID
  @Implicit(\.featureFlags) var flags = dependencies.flags
  Implicit.map(\.accountID, to: \.signature) { "— sent from \($0)" }
  return try operation(scope)
}

/// The same for async operations (the sync engine's entry point).
public func withDependencies<R>(_ dependencies: AppDependencies, _ operation: (ImplicitScope) async throws -> R) async rethrows -> R {
  try await withScope { scope in
    @Implicit var logger = dependencies.logger
    @Implicit var transport = dependencies.transport
    @Implicit var analytics = dependencies.analytics
    @Implicit var api = dependencies.api
    @Implicit(\.accountID) var account = dependencies.accountID
    @Implicit(\.featureFlags) var flags = dependencies.flags
    Implicit.map(\.accountID, to: \.signature) { "— sent from \($0)" }
    return try await operation(scope)
  }
}
