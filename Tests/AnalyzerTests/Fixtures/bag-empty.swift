// `Implicits()` is the empty bag. Restoring it hides the values around it and provides
// nothing: code under it may read only what it declares itself.
import Implicits

struct Logger { init() {} }
struct Clock { init() {} }

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}} // expected-note@:17 {{'Logger' is read here}} // expected-note@:17 {{'Logger' is read here}} // expected-note@:17 {{'Logger' is read here}}
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}}
}

// A preview or a test isolates its code from whatever the caller declared.
func preview() {
  withScope(with: Implicits()) { scope in
    @Implicit var logger = Logger()
    log(scope)
  }
}

// The values of the enclosing scope are hidden under the restored empty bag.
func isolated() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  log(scope)
  withScope(with: Implicits()) { inner in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Logger' in a scope restored from an empty bag ('Implicits()' holds no values and hides the values around it)}}
    log(inner) // expected-note@:5 {{'Logger' is required by the call to 'log(_:)' here}}
  }
}

func restoreEmpty(_ scope: ImplicitScope) {
  let restored = ImplicitScope(with: Implicits()) // expected-error@:18 [unresolved-implicit] {{unresolved implicit 'Clock' in a scope restored from an empty bag}}
  defer { restored.end() }
  tick(restored) // expected-note@:3 {{'Clock' is required by the call to 'tick(_:)' here}}
}

func reset(_ scope: ImplicitScope) {
  let none = Implicits.Implicits()
  withScope(with: none) { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicits 'Clock' and 'Logger' in a scope restored from an empty bag}}
    log(scope) // expected-note@:5 {{'Logger' is required by the call to 'log(_:)' here}}
    tick(scope) // expected-note@:5 {{'Clock' is required by the call to 'tick(_:)' here}}
  }
}

// A scope nested in the restored one sees what the restored scope declares.
func nestedUnderEmpty() {
  withScope(with: Implicits()) { scope in
    @Implicit var clock = Clock()
    let child = scope.nested()
    defer { child.end() }
    tick(child)
  }
}

// Handed to a function that restores it, the empty bag provides nothing there either.
func replay(_ events: [String], from bag: Implicits) {
  withScope(with: bag) { scope in
    for _ in events { log(scope) } // expected-note@:23 {{'Logger' is required by the call to 'log(_:)' here}} // expected-note@:23 {{'Logger' is required by the call to 'log(_:)' here}}
  }
}

func forward(_ bag: Implicits) {
  replay(["open"], from: bag) // expected-note@:3 {{'Logger' is required by 'replay(_:from:)', which restores the bag passed here}}
}

func replayNothing() {
  replay([], from: Implicits()) // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Logger' in a scope restored from an empty bag}}
  // expected-note@-1:3 {{'Logger' is required by the call to 'replay(_:from:)' here}}
  let none = Implicits()
  forward(none) // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Logger' in a scope restored from an empty bag}}
  // expected-note@-1:3 {{'Logger' is required by the call to 'forward(_:)' here}}
}

// A function that only stores or inspects the bag needs nothing from it.
func keep(_ bag: Implicits) -> Int { bag.count }

func keepNothing() {
  _ = keep(Implicits())
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  reset(scope)
  restoreEmpty(scope)
}
