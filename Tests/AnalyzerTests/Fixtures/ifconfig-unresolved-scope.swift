struct Platform {}

func work(_ scope: ImplicitScope) {
#if os(Linux)
  let scope = scope.nested() // expected-error {{scope created or ended under a '#if' condition the analyzer cannot resolve}}
  defer { scope.end() } // expected-error {{scope created or ended under a '#if'}}
  @Implicit var platform = Platform()
#endif
}
