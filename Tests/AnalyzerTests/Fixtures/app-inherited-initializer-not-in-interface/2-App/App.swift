// analyzer-known-issue: an inherited initializer is not in the interface, so `ProfileViewModel(scope)` reaches 'BaseViewModel.init(_:)' and 'Session' goes unreported
// The library's `ProfileViewModel` inherits `init(_ scope:)` and reads `session`; the
// interface lists only the initializers a class writes. What is right: 'Session' reported.
import Base
import Implicits

func openProfile(_ scope: ImplicitScope) {
  _ = ProfileViewModel(scope)
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
  openProfile(scope)
}

func rootWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  openProfile(scope)
}
