import Kit

struct Audio {}

func play(_ scope: ImplicitScope) {
  @Implicit var audio: Audio
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Audio'}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  withClock(scope) { scope in // expected-note@:20 {{'Audio' is required by the closure created here}}
    tick(scope)
    play(scope)
  }
}
