struct Settings {}

func configure(_ scope: ImplicitScope) {
  @Implicit var settings = Settings() // expected-error@:17 [declaration-without-local-scope] {{declaring implicit 'Settings' needs a local scope; create one with 'let scope = scope.nested()'}}
}

func configureProperly(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var settings = Settings()
}

func noScopeAtAll() {
  @Implicit var settings = Settings() // expected-error@:17 [declaration-without-local-scope] {{declaring implicit 'Settings' needs a local scope; create one with 'let scope = ImplicitScope()'}}
}
