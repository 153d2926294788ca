// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does; all held but the optional scope parameter, fixed with
// app-optional-scope-parameters: kept so they stay held.
// A generic type's method, overloads by label, an optional scope parameter, inout and variadic
// parameters, #available and #if DEBUG, a nested scope that ended, withScope's result, a lazy
// declaration.
import Implicits

struct Network { func get(_ p: String) -> String { p } }
struct Theme { var dark = false }
struct Clock { var now = 0 }

// Generic type's method.
struct Repository<Model> {
  func fetch(_ id: Int, _ scope: ImplicitScope) -> String {
    @Implicit var network: Network // expected-note@:19 {{'Network' is read here}}
    return network.get("/\(id)")
  }
}
struct User {}
func rootGeneric() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network' at this entry point}}
  let repo = Repository<User>()
  _ = repo.fetch(1, scope) // expected-note@:7 {{'Network' is required by the call to 'fetch(_:_:)' here}}
}

// Overloads by label.
enum Loader {
  static func load(user id: Int, _ scope: ImplicitScope) { @Implicit var network: Network; _ = network }
  static func load(post id: Int, _ scope: ImplicitScope) { @Implicit var theme: Theme; _ = theme } // expected-note@:74 {{'Theme' is read here}}
}
func rootLabels() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  @Implicit var network = Network()
  Loader.load(user: 1, scope)
  Loader.load(post: 2, scope) // expected-note@:3 {{'Theme' is required by the call to 'load(post:_:)' here}}
}

// An optional scope parameter.
func render(_ scope: ImplicitScope?) { // expected-error@:22 [scope-parameter-optional] {{'render' takes the scope as 'ImplicitScope?', which the analyzer does not follow, so what it needs is not checked}}
  guard let scope else { return }
  paint(scope) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
}
func paint(_ scope: ImplicitScope) { @Implicit var theme: Theme; _ = theme } // expected-note@:52 {{'Theme' is read here}}
func rootOptionalScope() {
  let scope = ImplicitScope(); defer { scope.end() }
  render(scope)
}

// Variadic and inout.
func tick(_ clocks: inout [Clock], _ scope: ImplicitScope, _ names: String...) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
  clocks.append(clock)
}
func rootVariadic() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  var clocks: [Clock] = []
  tick(&clocks, scope, "a", "b") // expected-note@:3 {{'Clock' is required by the call to 'tick(_:_:_:_:)' here}}
}

// `if #available` and `#if DEBUG`.
func feature(_ scope: ImplicitScope) {
  if #available(macOS 99, *) {
    @Implicit var theme: Theme; _ = theme
  }
  #if DEBUG
  @Implicit var clock: Clock; _ = clock
  #endif
}
func rootAvailable() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var clock = Clock()
  feature(scope)
}

// A nested scope shadows and provides.
func rootNested() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  do {
    let inner = scope.nested(); defer { inner.end() }
    @Implicit var theme = Theme()
    paint(inner)
  }
  paint(scope) // expected-note@:3 {{'Theme' is required by the call to 'paint(_:)' here}}
}

// withScope returning a value.
func rootWithScope() -> Int {
  withScope { scope in
    @Implicit var clock = Clock()
    return readClock(scope)
  }
}
func readClock(_ scope: ImplicitScope) -> Int { @Implicit var clock: Clock; return clock.now }

// A lazy declaration.
func rootLazy() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit(.lazy) var network = Network()
  _ = Repository<User>().fetch(2, scope)
}
