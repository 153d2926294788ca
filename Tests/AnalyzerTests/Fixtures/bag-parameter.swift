// A bag passed to a function that restores it captures what that function needs.
struct Analytics { init() {} }
struct Logger { init() {} }

func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

final class EventQueue {
  init() {}
  func enqueue(_ implicits: Implicits) {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track(scope) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:)' here}}
  }
}

func replay(_ bag: Implicits) {
  let saved = bag
  withScope(with: saved) { scope in
    log(scope)
  }
}

func buttonTapped(_ scope: ImplicitScope, queue: EventQueue) {
  queue.enqueue(#implicits) // expected-note@:17 {{'Analytics' is captured by the '#implicits' bag here}} // expected-note@:3 {{'Analytics' is required by 'enqueue(_:)', which restores the bag passed here}}
  let bag = #implicits
  replay(bag)
}

func screen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  buttonTapped(scope, queue: EventQueue()) // expected-note@:3 {{'Analytics' is required by the call to 'buttonTapped(_:queue:)'}}
}

func screenWithAnalytics() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var analytics = Analytics()
  buttonTapped(scope, queue: EventQueue())
}
