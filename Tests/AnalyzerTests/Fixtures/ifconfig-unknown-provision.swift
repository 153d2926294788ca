struct Platform {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform
}

func main() {
  let scope = ImplicitScope() // expected-error {{unresolved implicit 'Platform'}}
  defer { scope.end() }
#if canImport(Darwin)
  @Implicit var platform = Platform()
#endif
  read(scope) // expected-note {{'Platform' is required by the call to 'read(_:)'}}
}
