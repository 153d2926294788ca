import Kit

struct Audio {}

func play(_ scope: ImplicitScope) {
  @Implicit var audio: Audio // expected-note@:17 {{'Audio' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Audio'}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  withClock(scope) { scope in // expected-note@:20 {{'Audio' is required by the closure created here}}
    tick(scope)
    play(scope) // expected-note@:5 {{'Audio' is required by the call to 'play(_:)' here}}
  }
}
