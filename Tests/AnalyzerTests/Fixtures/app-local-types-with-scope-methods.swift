// A type declared inside a body (a helper type of one function, a stub in a test) whose
// methods take the scope: its methods are read as the body's local functions with a
// scope parameter are, so a call of one is followed (it was a false `unresolved-call`;
// found by the session-26 hunt).
struct Clock { init() {} }
struct Theme { init() {} }

func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
  return 0
}

func render() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  struct Row {
    func draw(_ scope: ImplicitScope) { _ = stamp(scope) } // expected-note@:45 {{'Clock' is required by the call to 'stamp(_:)' here}}
  }
  Row().draw(scope) // expected-note@:3 {{'Clock' is required by the call to 'draw(_:)' here}}
}

func renderWithClock() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  enum Helper {
    static func go(_ scope: ImplicitScope) -> Int { stamp(scope) }
  }
  _ = Helper.go(scope)
}

// Calls between the local type's methods, and one through a local variable.
func screen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  final class Renderer {
    func draw(_ scope: ImplicitScope) {
      header(scope) // expected-note@:7 {{'Theme' is required by the call to 'header(_:)' here}}
      _ = stamp(scope)
    }
    func header(_ scope: ImplicitScope) { @Implicit var theme: Theme } // expected-note@:57 {{'Theme' is read here}}
  }
  let renderer = Renderer()
  renderer.draw(scope) // expected-note@:3 {{'Theme' is required by the call to 'draw(_:)' here}}
}

// A method without a scope parameter that reads: as in any type.
func withoutScope() {
  struct Badge { func read() { @Implicit var theme: Theme } } // expected-error@:46 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'Badge.read()', which has no ImplicitScope parameter}}
  Badge().read()
}

// Two local types of one name in a file: calls name the type as written, so the analyzer
// cannot tell them apart, and says it cannot follow the calls rather than mixing the two.
func first() {
  let scope = ImplicitScope()
  defer { scope.end() }
  struct Cell { func draw(_ scope: ImplicitScope) { _ = stamp(scope) } }
  Cell().draw(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'draw(_:)' called here}}
}

func second() {
  let scope = ImplicitScope()
  defer { scope.end() }
  struct Cell { func draw(_ scope: ImplicitScope) { @Implicit var theme: Theme } }
  Cell().draw(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'draw(_:)' called here}}
}
