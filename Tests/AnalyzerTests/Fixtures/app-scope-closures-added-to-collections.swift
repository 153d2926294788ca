// A closure that takes a scope, added to a collection of such closures after it is made:
// `handlers[.tap] = { scope in … }`, `middleware.append { scope in … }`,
// `middleware.append(contentsOf: [{ scope in … }])`, `middleware += [{ scope in … }]`,
// `list.insert({ scope in … }, at: 0)`. Its untyped `scope` was not known to be a scope:
// a read there was "escaping closure uses implicit … of the enclosing scope", or "cannot
// tell whether the closure passed to 'append' runs before the call returns" (false errors
// on correct code, found by the session-28 hunt). Now the collection's element type (a
// function type written out, or a closure alias) says where the closure takes its scope,
// and a call through an element runs it. A stored property whose element is a closure alias
// (`var middleware: [Step]`): `app-closures-kept-in-alias-collection-properties`.
struct Logger { init() {} }
struct Store { init() {} }
struct Clock { init() {} }

enum Event: Hashable { case tap, swipe }
typealias Step = (ImplicitScope) -> Void

final class EventBus {
  var handlers: [Event: (ImplicitScope) -> Void] = [:]
  var middleware: [(ImplicitScope) -> Void] = []

  func wire() {
    handlers[.tap] = { scope in
      @Implicit var store: Store
      _ = store
    }
    middleware.append { scope in
      @Implicit var logger: Logger
      _ = logger
    }
    middleware.append(contentsOf: [{ scope in
      @Implicit var clock: Clock
      _ = clock
    }])
    middleware += [{ scope in
      @Implicit var logger: Logger
      _ = logger
    }]
    middleware.insert({ scope in
      @Implicit var store: Store
      _ = store
    }, at: 0)
  }

  func send(_ event: Event, _ scope: ImplicitScope) {
    handlers[event]?(scope)
  }

  func runMiddleware(_ scope: ImplicitScope) {
    for step in middleware { step(scope) } // expected-note@:30 {{'Clock' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
  }
}

func localSteps(_ scope: ImplicitScope) {
  var steps: [Step] = []
  steps.append { scope in // expected-note@:16 {{'Clock' is required by the closure created here}}
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    _ = clock
  }
  steps.forEach { step in step(scope) }
}

func app() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store()
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  let bus = EventBus()
  bus.wire()
  bus.send(.tap, scope)
  bus.runMiddleware(scope)
  localSteps(scope)
}

func noClock() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var store = Store()
  @Implicit var logger = Logger()
  EventBus().runMiddleware(scope) // expected-note@:3 {{'Clock' is required by the call to 'runMiddleware(_:)' here}}
}
