// A protocol written bare as a type is its existential: `Analytics` and `any Analytics` are
// one type, so one key, in the module that declares the protocol and in its dependants,
// whichever spelling each side uses.
import Implicits

public protocol Analytics: Sendable { func track(_ event: String) }
public struct ConsoleAnalytics: Analytics {
  public init() {}
  public func track(_ event: String) {}
}
public protocol Crashes: Sendable {}
public struct Crashlytics: Crashes { public init() {} }

public func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
  analytics.track(event)
}

public func report(_ scope: ImplicitScope) {
  @Implicit var crashes: any Crashes
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit((any Analytics).self) var analytics = ConsoleAnalytics()
  @Implicit var crashes: Crashes = Crashlytics()
  track("start", scope)
  report(scope)
}
