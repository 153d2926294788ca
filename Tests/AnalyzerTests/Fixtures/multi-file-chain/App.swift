func main() {
  let scope = ImplicitScope() // expected-error {{unresolved implicit 'Storage'}}
  defer { scope.end() }
  @Implicit var network = Network()
  Repository.shared.load(scope) // expected-note {{'Storage' is required by the call to 'load(_:)'}}
}
