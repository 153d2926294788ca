// A generic store and a subclass that inherits its `init(_ scope:initial:)`, in a library
// checked in two configurations (DEBUG or not). The inherited initializer's entry has no
// declaration of its own; its `conditions` come from what each configuration's graph
// says it requires (read as "false" for every key before: importers dropped them all).
import Implicits

public struct Logger { public init() {} }
public struct Session { public init() {} }
public struct DebugLog { public init() {} }

open class Store<State> {
  @Implicit public var logger: Logger

  public init(_ scope: ImplicitScope, initial: State) {}
}

public struct FeedState { public init() {} }

public final class FeedStore: Store<FeedState> {
  @Implicit public var session: Session
#if DEBUG
  @Implicit public var debugLog: DebugLog
#endif
}
