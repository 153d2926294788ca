// A type declared inside a body (a stub in a test, a helper of one function) with stored
// `@Implicit` properties and an `init(_ scope:)`: its initializers are read as its methods
// are, and each `init(_ scope:)` reads the stored properties when it starts, as a type's
// of the module does. A call of the initializer was a false `unresolved-call` (found by
// the session-26 hunt); the rules about stored implicits hold for local types too.
struct Clock { init() {} }
struct Theme { init() {} }

func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock
  return 0
}

func missing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock' and '\.themeName' at this entry point}}
  defer { scope.end() }
  final class Model {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    @Implicit(\.themeName) var themeName: String // expected-note@:32 {{'\.themeName' is read here}}
    init(_ scope: ImplicitScope) {}
  }
  _ = Model(scope) // expected-note@:7 {{'Clock' and '\.themeName' are required by the call to 'Model.init(_:)' here}}
}

func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  @Implicit(\.themeName) var themeName = "dark"
  final class Screen {
    @Implicit var clock: Clock
    @Implicit(\.themeName) var themeName: String
    init(_ scope: ImplicitScope) {}
    func title(_ scope: ImplicitScope) -> Int { stamp(scope) }
  }
  _ = Screen(scope).title(scope)
}

// The initializer's body runs after the stored properties are read.
func initializerCalls() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  struct Card {
    @Implicit var theme: Theme // expected-note@:19 {{'Theme' is read here}}
    let stamped: Int
    init(_ scope: ImplicitScope) { stamped = stamp(scope) }
  }
  _ = Card.init(scope) // expected-note@:7 {{'Theme' is required by the call to 'Card.init(_:)' here}}
}

func noScopeInit() {
  struct Probe { // expected-error@:3 [type-without-scope-init] {{type 'Probe' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)' to read them from}}
    @Implicit var clock: Clock
  }
}

func initialValue() {
  let scope = ImplicitScope()
  defer { scope.end() }
  struct Stub {
    @Implicit var clock = Clock() // expected-error@:19 [stored-implicit-initial-value] {{stored implicit property 'clock' cannot have an initial value}}
    init(_ scope: ImplicitScope) {}
  }
  _ = Stub(scope)
}

func readsWithoutScope() {
  struct Badge {
    init() { @Implicit var theme: Theme } // expected-error@:28 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'Badge.init()', which has no ImplicitScope parameter}}
  }
  _ = Badge()
}

// In a computed property's getter: a body too.
struct Dashboard {
  var header: Int {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
    defer { scope.end() }
    struct Header {
      @Implicit var clock: Clock // expected-note@:21 {{'Clock' is read here}}
      init(_ scope: ImplicitScope) {}
    }
    _ = Header(scope) // expected-note@:9 {{'Clock' is required by the call to 'Header.init(_:)' here}}
    return 0
  }
}
