struct Config {}

func load(_ scope: ImplicitScope, retries: Int = 3, verbose: Bool = false) {
  @Implicit var config: Config // expected-note@:17 {{'Config' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Config'}}
  defer { scope.end() }
  load(scope) // expected-note@:3 {{required by the call to 'load(_:)'}}
  load(scope, verbose: true) // expected-note@:3 {{required by the call to 'load(_:verbose:)'}}
}
