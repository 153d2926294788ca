struct Platform {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Platform'}}
  defer { scope.end() }
#if canImport(Darwin)
  @Implicit var platform = Platform() // expected-note@:17 {{'Platform' is declared here only when 'canImport(Darwin)' holds}}
#endif
  read(scope) // expected-note@:3 {{'Platform' is required by the call to 'read(_:)'}}
}
