// A variadic parameter takes any number of arguments, none included.
struct Logger { init() {} }

func log(_ scope: ImplicitScope, _ messages: String...) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func track(_ scope: ImplicitScope, events: String..., flush: Bool = false) {
  @Implicit var logger: Logger
}

func startup(_ scope: ImplicitScope) {
  log(scope)
  log(scope, "booting")
  log(scope, "booting", "config loaded", "ready")
  track(scope, events: "a", "b", flush: true)
  track(scope, flush: true)
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  log(scope, "a", "b") // expected-note@:3 {{'Logger' is required by the call to 'log(_:_:_:)'}}
}

func mainWithLogger() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  startup(scope)
}
