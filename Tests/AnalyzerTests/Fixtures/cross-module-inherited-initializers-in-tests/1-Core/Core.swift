// A library's base view model and generic store, subclassed in an app whose tests
// (`@testable import App`) build the app's view models. The app's subclasses inherit
// `init(_ scope:)`; the app's interface lists each one as its own entry.
import Implicits

public struct Logger { public init() {} }
public struct Session { public init() {} }

open class BaseViewModel {
  @Implicit public var logger: Logger

  public init(_ scope: ImplicitScope) {}
}

open class Store<State> {
  @Implicit public var logger: Logger

  public init(_ scope: ImplicitScope, initial: State) {}
}

public struct FeedState { public init() {} }

public final class FeedStore: Store<FeedState> {
  @Implicit public var session: Session
}
