struct Theme {}

func draw(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func render(_ scope: ImplicitScope) {
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var theme = Theme()
    draw(scope)
  }
  draw(scope) // expected-note@:3 {{'Theme' is required by the call to 'draw(_:)' here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme'}}
  defer { scope.end() }
  render(scope) // expected-note@:3 {{'Theme' is required by the call to 'render(_:)'}}
}
