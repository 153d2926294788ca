// A read inside closures nested on one line — a SwiftUI-style view tree, a chain of
// `run { }` helpers — gets one note for the run, at the outermost closure, that counts
// them, instead of one identical note per closure (120 for 120 levels before).
struct Logger { init() {} }
struct Analytics { init() {} }

struct VStack { init(_ content: () -> Void) { content() } }
struct HStack { init(_ content: () -> Void) { content() } }
func button(_ title: String, _ action: () -> Void) { action() }
func run(_ body: () -> Void) { body() }

func log(_ scope: ImplicitScope) { @Implicit var logger: Logger } // expected-note@:50 {{'Logger' is read here}}
func track(_ scope: ImplicitScope) { @Implicit var analytics: Analytics } // expected-note@:52 {{'Analytics' is read here}}

func render(_ scope: ImplicitScope) {
  VStack { HStack { button("Save") { log(scope) } } } // expected-note@:10 {{'Logger' is required by the 3 nested closures created on this line}}
  // expected-note@-1:38 {{'Logger' is required by the call to 'log(_:)' here}}
  VStack { // expected-note@:10 {{'Analytics' is required by the closure created here}}
    HStack { button("Undo") { track(scope) } } // expected-note@:12 {{'Analytics' is required by the 2 nested closures created on this line}}
    // expected-note@-1:31 {{'Analytics' is required by the call to 'track(_:)' here}}
  }
}

func retry(_ scope: ImplicitScope) {
  run { run { run { run { log(scope) } } } } // expected-note@:7 {{'Logger' is required by the 4 nested closures created on this line}}
  // expected-note@-1:27 {{'Logger' is required by the call to 'log(_:)' here}}
}

func showEditor() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Analytics' and 'Logger' at this entry point}}
  defer { scope.end() }
  render(scope) // expected-note@:3 {{'Analytics' and 'Logger' are required by the call to 'render(_:)' here}}
  retry(scope) // expected-note@:3 {{'Logger' is required by the call to 'retry(_:)' here}}
}
