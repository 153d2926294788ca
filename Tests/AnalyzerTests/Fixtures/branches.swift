struct Token {}

func use(_ scope: ImplicitScope) {
  @Implicit var token: Token // expected-note@:17 {{'Token' is read here}}
}

func main(flag: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Token'}}
  defer { scope.end() }
  if flag {
    @Implicit var token = Token()
    use(scope)
  }
  use(scope) // expected-note@:3 {{'Token' is required by the call to 'use(_:)'}}
}
