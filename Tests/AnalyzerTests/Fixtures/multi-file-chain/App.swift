func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Storage'}}
  defer { scope.end() }
  @Implicit var network = Network()
  Repository.shared.load(scope) // expected-note@:3 {{'Storage' is required by the call to 'load(_:)'}}
}
