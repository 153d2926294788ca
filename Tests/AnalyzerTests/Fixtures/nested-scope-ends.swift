struct Theme {}

func draw(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme'}}
  defer { scope.end() }
  let inner = scope.nested()
  @Implicit var theme = Theme()
  draw(inner)
  inner.end() // expected-error@:3 [scope-end-not-deferred] {{end scope 'inner' in 'defer { inner.end() }'}}
  draw(scope) // expected-note@:3 {{'Theme' is required by the call to 'draw(_:)'}}
}
