struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
}

func loadAll(_ scope: ImplicitScope) async {
  await withTaskGroup(of: Void.self) { group in // expected-note@:38 {{'Network' is required by the closure created here}}
    group.addTask { [implicits = #implicits] in // expected-note@:34 {{'Network' is captured by the '#implicits' bag here}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      fetch(scope) // expected-note@:7 {{'Network' is required by the call to 'fetch(_:)' here}}
    }
  }
}

func main() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  await loadAll(scope) // expected-note@:9 {{'Network' is required by the call to 'loadAll(_:)'}}
}
