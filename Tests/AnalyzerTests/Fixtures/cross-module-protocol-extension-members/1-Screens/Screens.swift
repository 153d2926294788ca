// A screens library: a protocol whose extension (not a requirement) takes a scope, and
// types that conform to it. Its interface lists the extension's methods, but not which
// types conform: a dependant's call on a conforming type still reaches them.
import Implicits

public struct Analytics: Sendable { public init() {} }
public struct Clock: Sendable { public init() {} }

public protocol Screen {
  var title: String { get }
}

extension Screen {
  public func show(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
  }

  public func showFlow(_ next: [any Screen], _ scope: ImplicitScope) {
    show(scope)
    for screen in next { screen.show(scope) }
  }
}

public struct AboutScreen: Screen {
  public let title = "about"
  public init() {}
}

public struct ProfileScreen: Screen {
  public let title = "profile"
  public init() {}

  public func refresh(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}
