// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does, and all held (nothing to fix): kept so they stay held.
// A returned scope closure, a local scope closure, a stored scope read in didSet, a generic
// where clause, a discardable result, forEach with [self].
import Implicits

struct Logger { func log(_ s: String) {} }
struct Auth { var token = "t" }

func makeHandler() -> (ImplicitScope) -> Void {
  return { scope in // expected-note@:10 {{'Logger' is required by the closure created here}}
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    logger.log("handled")
  }
}

func rootFactory() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  makeHandler()(scope) // expected-note@:3 {{'Logger' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}

func rootLocalClosure() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Auth' at this entry point}}
  let work = { (scope: ImplicitScope) in
    @Implicit var auth: Auth // expected-note@:19 {{'Auth' is read here}}
    _ = auth.token
  }
  work(scope) // expected-note@:3 {{'Auth' is required by the call to 'work(_:)' here}}
}

final class Player {
  var scope: ImplicitScope?
  var volume = 0 {
    didSet { if let scope { announce(scope) } } // expected-error@:38 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  }
  func announce(_ scope: ImplicitScope) { @Implicit var logger: Logger; logger.log("vol") }
}

func process<T: Sequence>(_ items: T, _ scope: ImplicitScope) where T.Element == Int {
  for item in items { emit(item, scope) } // expected-note@:23 {{'Logger' is required by the call to 'emit(_:_:)' here}}
}
@discardableResult
func emit(_ n: Int, _ scope: ImplicitScope) -> Int { @Implicit var logger: Logger; logger.log("\(n)"); return n } // expected-note@:68 {{'Logger' is read here}}
func rootGenericWhere() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Auth' and 'Logger' at this entry point}}
  process([1, 2], scope) // expected-note@:3 {{'Logger' is required by the call to 'process(_:_:)' here}}
  _ = try? throwingEmit(scope) // expected-note@:12 {{'Auth' is required by the call to 'throwingEmit(_:)' here}}
}
func throwingEmit(_ scope: ImplicitScope) throws -> Int { @Implicit var auth: Auth; return 1 } // expected-note@:73 {{'Auth' is read here}}

final class Feed {
  @Implicit var logger: Logger
  init(_ scope: ImplicitScope) {}
  func reload(_ scope: ImplicitScope) {
    [1, 2].forEach { [self] n in
      logger.log("\(n)")
      emit(n, scope)
    }
  }
}
func rootFeed() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var logger = Logger()
  Feed(scope).reload(scope)
}
