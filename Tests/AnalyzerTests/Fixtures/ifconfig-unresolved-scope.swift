// A scope within one clause of an undecided `#if` is checked like any other; one that
// crosses the `#if` makes the body's structure depend on the condition.
struct Platform {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform
}

func work(_ scope: ImplicitScope) {
#if os(Linux)
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var platform = Platform()
  read(scope)
#endif
}

func createdInside(_ scope: ImplicitScope) {
#if os(Linux) // expected-note@:1 {{cannot tell whether 'os(Linux)' holds}}
  let scope = scope.nested() // expected-error@:15 [unknown-condition] {{scope created or ended under a '#if' condition the analyzer cannot resolve}}
#endif
  defer { scope.end() }
}

func endedInside() {
  let scope = ImplicitScope()
#if canImport(UIKit) // expected-note@:1 {{cannot tell whether 'canImport(UIKit)' holds}}
  defer { scope.end() } // expected-error@:11 [unknown-condition] {{scope created or ended under a '#if'}} expected-error@:3 [scope-end-defer-misplaced] {{place 'defer { scope.end() }' on the statement right after}} expected-note@-2:7 {{scope 'scope' is created here}}
#endif
}
