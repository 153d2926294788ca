// A type declared inside a function body (a stub in a test, a helper type of one
// function) whose methods take the scope: the analyzer collects no declaration inside a
// function body but local functions, so a call of such a method is reported as a callee
// it cannot resolve, on correct code.
// analyzer-known-issue: types declared inside a function body are not collected: their scope-taking methods are reported as '#unresolved-call' instead of followed (found by the session-26 hunt)
// What is right: the call is followed, and what the method needs is required at the root.
struct Clock { init() {} }

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
