import Middle

func main() {
  let scope = ImplicitScope() // expected-error {{unresolved implicit 'Token'}}
  defer { scope.end() }
  upload(scope) // expected-note {{'Token' is required by the call to 'upload(_:)'}}
}
