struct Settings {}

func read() {
  @Implicit var settings: Settings // expected-error@:17 [implicit-without-scope-parameter] {{implicit 'Settings' used in 'read()', which has no ImplicitScope parameter}}
}

func fine(_ scope: ImplicitScope) {
  @Implicit var settings: Settings
}
