// A router in a library: the app stores a handler that takes the scope in its closure
// property, and the library's `go` runs it. Within one module the analyzer charges the
// handler's requirements to every call of `go` ("the closures stored in 'Router.onRoute'
// that this call may run"); the interface does not say that `go` runs `onRoute`, nor that
// `onRoute` takes a scope.
import Implicits

public enum Route: Sendable {
  case feed, cart
}

public final class Router {
  public var onRoute: ((Route, ImplicitScope) -> Void)?

  public init() {}

  public func go(_ route: Route, _ scope: ImplicitScope) {
    onRoute?(route, scope)
  }
}

// The same through a function: `onEvent` stores the closure, `fire` runs it.
public final class EventBus {
  private var handlers: [(ImplicitScope) -> Void] = []

  public init() {}

  public func onEvent(_ handler: @escaping (ImplicitScope) -> Void) {
    handlers.append(handler)
  }

  public func fire(_ scope: ImplicitScope) {
    for handler in handlers { handler(scope) }
  }
}
