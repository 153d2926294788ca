struct Platform {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Platform'}}
  defer { scope.end() }
#if canImport(Darwin) // expected-note@:1 {{the analyzer cannot tell whether 'canImport(Darwin)' holds}}
  @Implicit var platform = Platform() // expected-error@:17 [unknown-condition-declaration] {{implicit 'platform' is declared under a '#if' condition}}
#endif
  read(scope) // expected-note@:3 {{'Platform' is required by the call to 'read(_:)'}}
}
