struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func loadAll(_ scope: ImplicitScope) async {
  await withTaskGroup(of: Void.self) { group in
    group.addTask { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      fetch(scope)
    }
  }
}

func main() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network'}}
  defer { scope.end() }
  await loadAll(scope) // expected-note@:9 {{'Network' is required by the call to 'loadAll(_:)'}}
}
