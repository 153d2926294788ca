// `defer` bodies run at the end of their block, with what is visible there.
struct Analytics { init() {} }
struct Logger { init() {} }

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

func flushLogs(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func purchase(_ scope: ImplicitScope) {
  defer { track("purchase finished", scope) } // expected-note@:11 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  @Implicit var logger: Logger
}

func buy() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  purchase(scope) // expected-note@:3 {{'Analytics' is required by the call to 'purchase(_:)'}}
}

func leaveScreen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  defer { track("left", scope) } // expected-note@:11 {{'Analytics' is required by the call to 'track(_:_:)'}}
}

func buyInNestedScope(_ scope: ImplicitScope) {
  let inner = scope.nested()
  defer { inner.end() }
  defer { flushLogs(inner) }
  @Implicit var logger = Logger()
}

func buyEverything() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var logger = Logger()
  buyInNestedScope(scope)
  purchase(scope)
}
