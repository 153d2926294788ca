struct Platform {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform // expected-note@:17 {{'Platform' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Platform'}}
  defer { scope.end() }
#if canImport(Darwin) // expected-note@:1 {{reported where 'canImport(Darwin)' does not hold}}
  @Implicit var platform = Platform()
#endif
  read(scope) // expected-note@:3 {{'Platform' is required by the call to 'read(_:)'}}
}
