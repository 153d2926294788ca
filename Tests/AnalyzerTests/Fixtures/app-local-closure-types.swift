// Closure types a body names: a `typealias` declared inside a function, and a local `var`
// of a closure type assigned after its declaration. Both were untyped scope parameters
// (a false `untyped-scope-closure-parameter` on correct code; found by the session-27
// hunt): the declaration collector reads no alias inside a body, and an assignment read
// the variable's type only when it was a plain name.
struct Clock { init() {} }
struct Row { init() {} }

func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}}
  return 0
}
func use(_ row: Row, _ scope: ImplicitScope) { _ = stamp(scope) } // expected-note@:52 {{'Clock' is required by the call to 'stamp(_:)' here}}
typealias Pick = (ImplicitScope, Row) -> Void
typealias Step = (ImplicitScope) -> Int

// A local alias of a closure type, on a local constant.
func constant() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Tick = (ImplicitScope) -> Int
  let tick: Tick = { scope in stamp(scope) } // expected-note@:31 {{'Clock' is required by the call to 'stamp(_:)' here}}
  _ = tick(scope) // expected-note@:7 {{'Clock' is required by the call to 'tick(_:)' here}}
}
func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  typealias Tick = (ImplicitScope) -> Int
  let tick: Tick = { scope in stamp(scope) }
  _ = tick(scope)
}
func optional() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Tick = (ImplicitScope) -> Int
  let tick: Tick? = { scope in stamp(scope) }
  _ = tick?(scope) // expected-note@:7 {{'Clock' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}
// The local alias hides the module's of the same name, whose scope is elsewhere.
func shadowing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Pick = (Row, ImplicitScope) -> Void
  let pick: Pick = { row, scope in use(row, scope) } // expected-note@:36 {{'Clock' is required by the call to 'use(_:_:)' here}}
  pick(Row(), scope) // expected-note@:3 {{'Clock' is required by the call to 'pick(_:_:)' here}}
}
// An alias of the enclosing function, used in a closure inside it.
func nested(_ rows: [Row]) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Tick = (ImplicitScope) -> Int
  for _ in rows {
    let tick: Tick = { s in stamp(s) } // expected-note@:29 {{'Clock' is required by the call to 'stamp(_:)' here}}
    _ = tick(scope) // expected-note@:9 {{'Clock' is required by the call to 'tick(_:)' here}}
  }
}
// A local alias of a module alias.
func aliasOfModuleAlias() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Local = Step
  let step: Local = { scope in stamp(scope) } // expected-note@:32 {{'Clock' is required by the call to 'stamp(_:)' here}}
  _ = step(scope) // expected-note@:7 {{'Clock' is required by the call to 'step(_:)' here}}
}

// A local variable of a closure type, assigned after its declaration.
func assignedLater() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  var onDone: Step? = nil
  onDone = { scope in stamp(scope) } // expected-note@:12 {{'Clock' is required by the closure created here}} // expected-note@:23 {{'Clock' is required by the call to 'stamp(_:)' here}}
  _ = onDone?(scope) // expected-note@:7 {{'Clock' is required by the 'Step' closures this call may run}}
}
func assignedLaterLocalAlias() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  typealias Tick = (ImplicitScope) -> Int
  var onDone: Tick? = nil
  onDone = { scope in stamp(scope) }
  _ = onDone?(scope) // expected-note@:7 {{'Clock' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}
func assignedLaterWritten(_ flag: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  var completion: ((ImplicitScope) -> Int)?
  if flag {
    completion = { scope in stamp(scope) } // expected-note@:18 {{'Clock' is required by the closure created here}} // expected-note@:29 {{'Clock' is required by the call to 'stamp(_:)' here}} // expected-note@:18 {{'Clock' is required by the closure created here}} // expected-note@:29 {{'Clock' is required by the call to 'stamp(_:)' here}} // expected-note@:18 {{'Clock' is required by the closure created here}} // expected-note@:29 {{'Clock' is required by the call to 'stamp(_:)' here}}
  } else {
    completion = { _ in 0 }
  }
  _ = completion?(scope) // expected-note@:7 {{'Clock' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}
// Not a scope: nothing to tell.
func notScope() {
  var transform: ((Int) -> Int)?
  transform = { x in x + 1 }
  _ = transform?(1)
}
