struct Platform {}

func work(_ scope: ImplicitScope) {
#if os(Linux) // expected-note@:1 {{cannot tell whether 'os(Linux)' holds}} expected-note@:1 {{cannot tell whether 'os(Linux)' holds}}
  let scope = scope.nested() // expected-error@:15 [unknown-condition] {{scope created or ended under a '#if' condition the analyzer cannot resolve}}
  defer { scope.end() } // expected-error@:11 [unknown-condition] {{scope created or ended under a '#if'}}
  @Implicit var platform = Platform()
#endif
}
