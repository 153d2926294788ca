// Closures handed to `DispatchQueue.async`, `Task {}` and `map`: the first two escape and
// carry a bag; `map` runs its closure in place.
import Foundation
import Implicits

struct Formatter { init() {} }
struct Store { init() {} }

func format(_ value: Int, _ scope: ImplicitScope) -> String {
  @Implicit var formatter: Formatter
  return "\(value)"
}

func save(_ scope: ImplicitScope) async {
  @Implicit var store: Store // expected-note@:17 {{'Store' is read here}}
}

func render(_ values: [Int], _ scope: ImplicitScope) -> [String] {
  values.map { format($0, scope) }
}

func renderLater(_ values: [Int], _ scope: ImplicitScope) {
  DispatchQueue.main.async { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    _ = values.map { format($0, scope) }
  }
  Task { [implicits = #implicits] in // expected-note@:23 {{'Store' is captured by the '#implicits' bag here}}
    await withScope(with: implicits) { scope in
      await save(scope) // expected-note@:13 {{'Store' is required by the call to 'save(_:)' here}}
    }
  }
}

/// A lazy view keeps its closure until it is read, maybe after the scope has ended.
func renderLazily(_ values: [Int], _ scope: ImplicitScope) -> LazyMapSequence<[Int], String> {
  values.lazy.map { format($0, scope) } // expected-error@:21 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
}

func renderCarelessly(_ values: [Int], _ scope: ImplicitScope) {
  DispatchQueue.main.async {
    _ = values.map { format($0, scope) } // expected-error@:20 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
  }
  Task {
    await save(scope) // expected-error@:11 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Store' of the enclosing scope}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Store' at this entry point}}
  defer { scope.end() }
  @Implicit var formatter = Formatter()
  _ = render([1, 2], scope)
  renderLater([3], scope) // expected-note@:3 {{'Store' is required by the call to 'renderLater(_:_:)' here}}
  renderCarelessly([4], scope)
}
