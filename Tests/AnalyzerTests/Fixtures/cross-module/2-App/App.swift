import Core

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  authenticate(scope) // expected-note@:3 {{'Logger' is required by the call to 'authenticate(_:)'}}
  // expected-note@-1:3 {{'Logger' is required by the call to 'audit(_:)' in 'authenticate(_:)' at cross-module/1-Core/Core.swift:6:3}}
  // expected-note@-2:3 {{'Logger' is read in 'audit(_:)' at cross-module/1-Core/Core.swift:10:17}}
  Client().send(scope)
  Core.authenticate(scope) // expected-note@:3 {{'Logger' is required by the call to 'authenticate(_:)'}}
  // expected-note@-1:3 {{'Logger' is required by the call to 'audit(_:)' in 'authenticate(_:)' at cross-module/1-Core/Core.swift:6:3}}
  // expected-note@-2:3 {{'Logger' is read in 'audit(_:)' at cross-module/1-Core/Core.swift:10:17}}
}

func internalNotVisible(_ scope: ImplicitScope) {
  audit(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'audit(_:)'}}
}
