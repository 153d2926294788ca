import Middle

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Token'}}
  defer { scope.end() }
  upload(scope) // expected-note@:3 {{'Token' is required by the call to 'upload(_:)'}}
  // expected-note@-1:3 {{'Token' is required by the call to 'sign(_:)' in 'upload(_:)' at cross-module-chain/2-Middle/Middle.swift:4:3}}
  // expected-note@-2:3 {{'Token' is read in 'sign(_:)' at cross-module-chain/1-Base/Base.swift:4:17}}
}
