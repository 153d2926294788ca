struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func main() {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
    @Implicit var network = Network()
    fetch(scope)
    withScope(nesting: scope) { inner in
      log(inner) // expected-note@:7 {{'Logger' is required by the call to 'log(_:)'}}
    }
  }
}

func nested(_ scope: ImplicitScope) {
  withScope(nesting: scope) { scope in
    @Implicit var logger = Logger()
    log(scope)
  }
}
