struct Theme {}

func draw(_ scope: ImplicitScope) {
  @Implicit var theme: Theme
}

func main() {
  let scope = ImplicitScope() // expected-error {{unresolved implicit 'Theme'}}
  defer { scope.end() }
  let inner = scope.nested()
  @Implicit var theme = Theme()
  draw(inner)
  inner.end()
  draw(scope) // expected-note {{'Theme' is required by the call to 'draw(_:)'}}
}
