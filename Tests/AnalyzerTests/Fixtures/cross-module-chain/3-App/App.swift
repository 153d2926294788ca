import Middle

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Token'}}
  defer { scope.end() }
  upload(scope) // expected-note@:3 {{'Token' is required by the call to 'upload(_:)'}}
}
