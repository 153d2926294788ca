// Closures kept in an enum's associated values (`case run((ImplicitScope) -> Void)`, a
// coordinator's route, a reducer's effect): `.run { scope in … }` stores its closure, as a
// memberwise `init` does, and a `switch` that binds it and calls it with a scope runs it.
// The case was not a declaration the analyzer knew: every such closure was "cannot tell
// whether the closure passed to 'run' runs before the call returns" (a false error on
// correct code, found by the session-28 hunt). Now it joins the closures of its shape,
// with the scope where the value's type puts it (a closure alias too).
struct Store { init() {} }
struct Logger { init() {} }

typealias RouteHandler = (Int, ImplicitScope) -> Void

func log(_ scope: ImplicitScope) { @Implicit var logger: Logger }

enum Effect {
  case run((ImplicitScope) -> Void)
  case route(path: String, handler: RouteHandler)
  case done(() -> Void)
  case none
}

func perform(_ effect: Effect, _ scope: ImplicitScope) {
  switch effect {
  case .run(let body): body(scope) // expected-note@:24 {{'Store' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
  case let .route(_, handler): handler(7, scope)
  case .done(let finish): finish()
  case .none: break
  }
}

final class Coordinator {
  func start(_ scope: ImplicitScope) {
    perform(.run { scope in
      @Implicit var store: Store
      _ = store
    }, scope)
    perform(Effect.route(path: "/feed", handler: { id, scope in
      log(scope)
    }), scope)
  }
}

func app() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store()
  @Implicit var logger = Logger()
  Coordinator().start(scope)
  let effect = Effect.run { scope in // expected-note@:27 {{'Store' is required by the closure created here}}
    @Implicit var store: Store // expected-note@:19 {{'Store' is read here}}
    _ = store
  }
  perform(effect, scope)
}

func noStore() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Store' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  perform(.none, scope) // expected-note@:3 {{'Store' is required by the call to 'perform(_:_:)' here}}
}

func capturesOuterScope(_ scope: ImplicitScope) {
  perform(.done {
    log(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Logger' of the enclosing scope}}
  }, scope)
}
