struct Network {}
struct Storage {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func persist(_ scope: ImplicitScope) {
  @Implicit var storage: Storage // expected-note@:17 {{'Storage' is read here}}
}
