// A closure passed to a function the analyzer cannot see may run later: it says so, and
// well-known escaping library calls are escaping.
import Dispatch
import Foundation

struct Network { init() {} }

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func load(_ scope: ImplicitScope, url: URL) {
  URLSession.shared.dataTask(with: url) { _, _, _ in
    fetch(scope) // expected-error@:5 [unclassified-closure-uses-implicit] {{cannot tell whether the closure passed to 'dataTask' runs before the call returns}}
  }.resume()
  URLSession.shared.dataTask(with: url) { [implicits = #implicits] _, _, _ in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope)
  }.resume()
  #unknownMacro {
    fetch(scope) // expected-error@:5 [unclassified-closure-uses-implicit] {{cannot tell whether the closure passed to '#unknownMacro' runs before the call returns}}
  }
  DispatchQueue.main.async {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
  Task {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
  Task.detached {
    fetch(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Network'}}
  }
}
