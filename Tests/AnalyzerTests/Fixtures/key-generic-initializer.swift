// `Store(state: s)` of a generic type: Swift infers `Store<AppState>` from the
// initializer's arguments, which the analyzer does not follow. Taking the key as `Store`
// would report every read of `Store<AppState>` as unresolved though the program runs, so
// the declaration itself asks for the type.
final class Store<State> {
  var state: State
  init(state: State) { self.state = state }
}
struct AppState { init() {} }
typealias AppStore = Store<AppState>
final class Tracker { init() {} }

func readStore(_ scope: ImplicitScope) {
  @Implicit var store: Store<AppState>
}

func readTracker(_ scope: ImplicitScope) {
  @Implicit var tracker: Tracker? // expected-note@:17 {{'Tracker?' is read here}}
}

func inferred() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store(state: AppState()) // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'store'}}
  @Implicit var tracker = Optional(Tracker()) // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'tracker'}}
  @Implicit var sizes = Array(repeating: 0, count: 2) // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'sizes'}}
  readStore(scope)
  readTracker(scope)
}

func written() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store<AppState>(state: AppState())
  @Implicit var tracker: Tracker? = Tracker()
  @Implicit var sizes = Array<Int>(repeating: 0, count: 2)
  readStore(scope)
  readTracker(scope)
}

func throughAlias() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = AppStore(state: AppState())
  readStore(scope)
}

func readSizes(_ scope: ImplicitScope) {
  @Implicit var sizes: [Int]
}

// The written key is still checked: `Tracker` is not `Tracker?`.
func mismatched() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Tracker?' at this entry point}}
  defer { scope.end() }
  @Implicit var tracker = Tracker()
  @Implicit var sizes = Array<Int>(repeating: 0, count: 2)
  readSizes(scope)
  readTracker(scope) // expected-note@:3 {{'Tracker?' is required by the call to 'readTracker(_:)' here}}
}
