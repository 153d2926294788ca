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
  // No notes past the call: internal functions carry no chain in the interface.
}
