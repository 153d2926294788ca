struct Platform {}
struct Extra {}

func read(_ scope: ImplicitScope) {
  @Implicit var platform: Platform
  @Implicit var extra: Extra // expected-note@:17 {{'Extra' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Extra'}}
  defer { scope.end() }
#if os(Linux) // expected-note@:1 {{reported where 'os(Linux)' does not hold}}
  @Implicit var platform = Platform()
  @Implicit var extra = Extra()
#elseif os(macOS)
  @Implicit var platform = Platform()
#else
  @Implicit var platform = Platform()
#endif
  read(scope) // expected-note@:3 {{'Extra' is required by the call to 'read(_:)'}}
}
