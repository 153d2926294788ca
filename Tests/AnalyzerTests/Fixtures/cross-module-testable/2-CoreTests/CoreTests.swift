@testable import Core

func testAudit() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  audit(scope)
}

func testMissing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger'}}
  defer { scope.end() }
  audit(scope) // expected-note@:3 {{'Logger' is required by the call to 'audit(_:)'}}
  // expected-note@-1:3 {{'Logger' is read in 'audit(_:)' at cross-module-testable/1-Core/Core.swift:4:17}}
}
