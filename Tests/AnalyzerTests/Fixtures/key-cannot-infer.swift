struct Config {}
func makeConfig() -> Config { Config() }

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = ConfigStore.shared.load() // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'config'; annotate its type}}
  @Implicit var annotated: Config = makeConfig()
  @Implicit var declared = makeConfig()
}

func reader(_ scope: ImplicitScope) {
  @Implicit var unknown // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'unknown'}}
}
