// Swift lets a block call a local function above its declaration: helpers written at the
// bottom of a body, a closure run in place that calls one, a function passed by name, two
// local functions where the first calls the second. Such a call was read as a call of a
// module function the module does not declare, and what the helper needs went unchecked
// (found by an app-style hunt, session 26: a view model's `submit()` whose `prepare()`
// helper is declared below the call; deleting the root's `\.userName` went unreported).
struct Clock { init() {} }
struct Logger { init() {} }
extension ImplicitsKeys {
  static let userName = Key<String>()
}

func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}}
  return 0
}

func greeting(_ scope: ImplicitScope) -> String {
  @Implicit(\.userName) var userName: String // expected-note@:29 {{'\.userName' is read here}}
  return userName
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}} // expected-note@:17 {{'Logger' is read here}}
}

func each(_ items: [Int], _ body: (Int) -> Void) { items.forEach(body) }

final class ComposerModel {
  private let bag = #implicits // expected-note@:21 {{'\.userName' is captured by the '#implicits' bag here}}

  init(_ scope: ImplicitScope) {}

  func submit() {
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    prepare() // expected-note@:5 {{'\.userName' is required by the call to 'prepare()' here}}
    func prepare() {
      _ = greeting(scope) // expected-note@:11 {{'\.userName' is required by the call to 'greeting(_:)' here}}
    }
  }
}

func openComposer() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userName' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  _ = ComposerModel(scope) // expected-note@:7 {{'\.userName' is required by the call to 'ComposerModel.init(_:)' here}}
}

func helperAtTheBottom() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  render() // expected-note@:3 {{'Logger' is required by the call to 'render()' here}}
  func render() { log(scope) } // expected-note@:19 {{'Logger' is required by the call to 'log(_:)' here}}
}

func helperFromAClosure() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  [1, 2].forEach { _ in tick() } // expected-note@:18 {{'Clock' is required by the closure created here}} // expected-note@:25 {{'Clock' is required by the call to 'tick()' here}}
  func tick() { _ = stamp(scope) } // expected-note@:21 {{'Clock' is required by the call to 'stamp(_:)' here}}
}

func helperPassedByName() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  each([1], show) // expected-note@:13 {{'Clock' is required by the closure created here}}
  func show(_ value: Int) { _ = stamp(scope) } // expected-note@:33 {{'Clock' is required by the call to 'stamp(_:)' here}}
}

func helperCallsAHelperBelow() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock' and 'Logger' at this entry point}}
  defer { scope.end() }
  func both() {
    tick() // expected-note@:5 {{'Clock' is required by the call to 'tick()' here}}
    log(scope) // expected-note@:5 {{'Logger' is required by the call to 'log(_:)' here}}
  }
  func tick() { _ = stamp(scope) } // expected-note@:21 {{'Clock' is required by the call to 'stamp(_:)' here}}
  both() // expected-note@:3 {{'Clock' and 'Logger' are required by the call to 'both()' here}}
}

func helperInABranch(_ flag: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  if flag {
    go() // expected-note@:5 {{'Clock' is required by the call to 'go()' here}}
    func go() { _ = stamp(scope) } // expected-note@:21 {{'Clock' is required by the call to 'stamp(_:)' here}}
  }
}

final class Screen {
  func load(_ scope: ImplicitScope) -> Int {
    let total = compute() // expected-note@:17 {{'Clock' is required by the call to 'compute()' here}}
    return total
    func compute() -> Int { stamp(scope) } // expected-note@:29 {{'Clock' is required by the call to 'stamp(_:)' here}}
  }
}

func openScreen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  _ = Screen().load(scope) // expected-note@:7 {{'Clock' is required by the call to 'load(_:)' here}}
}

// Correct code stays accepted: the key is declared before the call that runs the helper.
func declaredBeforeTheCall() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  tick()
  func tick() { _ = stamp(scope) }
}

func helperAboveTheDeclaration() {
  let scope = ImplicitScope()
  defer { scope.end() }
  func tick() { _ = stamp(scope) }
  @Implicit var clock = Clock()
  tick()
}
