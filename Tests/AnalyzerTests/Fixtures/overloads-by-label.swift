struct Fast {}
struct Slow {}

func run(_ scope: ImplicitScope) {
  @Implicit var slow: Slow
}

func run(_ scope: ImplicitScope, fast: Bool) {
  @Implicit var fast: Fast // expected-note@:17 {{'Fast' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Fast' at this entry point}}
  defer { scope.end() }
  @Implicit var slow = Slow()
  run(scope)
  run(scope, fast: true) // expected-note@:3 {{'Fast' is required by the call to 'run(_:fast:)'}}
}
