import Implicits
import Screens

// `Int($0)` and `String($0)` make an Int and a String: another module's
// `Screen.init(_ scope:)` is not their initializer, so `$0` is not a scope there.
func counts(_ texts: [String]) -> [Int] {
  texts.compactMap { Int($0) }
}

func labels(_ numbers: [Int]) -> [String] {
  numbers.map { String($0) }
}

func open(_ texts: [String]) -> Int? {
  texts.first.flatMap { Int($0) }
}

// `Screen(scope)` is Screen's: what it reads is required here.
func show() -> String {
  let scope = ImplicitScope()  // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  return Screen(scope).title  // expected-note@:10 {{'Theme' is required by the call to 'Screen.init(_:)' here}} expected-note@:10 {{'Theme' is read in 'Screen.init(_:)'}}
}

func showThemed() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme(name: "dark")
  return Screen(scope).title
}
