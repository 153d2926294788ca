import Core

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  authenticate(scope) // expected-note@:3 {{'Logger' is required by the call to 'authenticate(_:)'}}
  Client().send(scope)
  Core.authenticate(scope) // expected-note@:3 {{'Logger' is required by the call to 'authenticate(_:)'}}
}

func internalNotVisible(_ scope: ImplicitScope) {
  audit(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'audit(_:)'}}
}
