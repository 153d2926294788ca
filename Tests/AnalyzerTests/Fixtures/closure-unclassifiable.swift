// A closure passed to a function the analyzer cannot see may run later: it says so.
import Dispatch

struct Network { init() {} }

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func load(_ scope: ImplicitScope) {
  DispatchQueue.main.async {
    fetch(scope) // expected-error@:5 [unclassified-closure-uses-implicit] {{cannot tell whether the closure passed to 'async' runs before the call returns}}
  }
  DispatchQueue.main.async { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    fetch(scope)
  }
  #unknownMacro {
    fetch(scope) // expected-error@:5 [unclassified-closure-uses-implicit] {{cannot tell whether the closure passed to '#unknownMacro' runs before the call returns}}
  }
}
