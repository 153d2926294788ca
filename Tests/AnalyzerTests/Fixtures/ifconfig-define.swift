// analyzer-define: FEATURE
struct Feature {}
struct Legacy {}

func work(_ scope: ImplicitScope) {
#if FEATURE
  @Implicit var feature: Feature // expected-note@:17 {{'Feature' is read here}}
#else
  @Implicit var legacy: Legacy
#endif
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Feature'}}
  defer { scope.end() }
  work(scope) // expected-note@:3 {{'Feature' is required by the call to 'work(_:)'}}
}
