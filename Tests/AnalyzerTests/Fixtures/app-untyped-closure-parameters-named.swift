// A coordinator registers row handlers with a table it does not own (`TableRouter` is
// a library type that takes `(Int, Any)` closures): the analyzer cannot tell which of an
// untyped closure's parameters is the scope, and the error names the one passed where
// the callee takes an `ImplicitScope`, not the first untyped one (issue 18 item 8).
import Implicits

struct Analytics { init() {} }

struct TableRouter {
  init() {}
  func register(_ handler: @escaping (Int, Any) -> Void) {}
  func registerFirst(_ handler: @escaping (Any, Int) -> Void) {}
}

/// Runs `body` for each row, in place, with the caller's scope.
func forEachRow(_ rows: [Int], _ scope: ImplicitScope, _ body: (Int, ImplicitScope) -> Void) {
  for row in rows { body(row, scope) }
}

func openRow(_ row: Int, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

final class RowsCoordinator {
  let router = TableRouter()
  /// The coordinator's own callback type: here the analyzer knows the scope's position.
  var onSelect: ((Int, ImplicitScope) -> Void)?

  init() {}

  func bind(_ scope: ImplicitScope) {
    // Correct: the parameter's type says which closure parameter is the scope.
    forEachRow([1, 2], scope) { row, scope in openRow(row, scope) }
    // Correct: the scope's type is written.
    onSelect = { (row: Int, scope: ImplicitScope) in openRow(row, scope) }
  }

  // Broken: `scope` (second) is passed for the scope; `row` is not.
  func bindUntyped() {
    router.register { row, scope in openRow(row, scope) } // expected-error@:37 [untyped-scope-closure-parameter] {{cannot tell whether closure parameter 'scope' is an ImplicitScope; write its type ('{ (scope: ImplicitScope) in … }')}}
  }

  // Broken: the scope comes first in the closure and last in the call.
  func bindScopeFirst() {
    router.registerFirst { context, index in
      openRow(index, context) // expected-error@:7 [untyped-scope-closure-parameter] {{cannot tell whether closure parameter 'context' is an ImplicitScope}}
    }
  }
}
