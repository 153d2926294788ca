import Implicits

extension Feed {
  func refreshAll(_ scope: ImplicitScope) {
    sync(scope) // expected-note@:5 {{'Logger' is required by the call to 'sync(_:)' here}}
  }
  fileprivate func sync(_ scope: ImplicitScope) {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
  }
}

func feedEntry() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  Feed().reload(scope)
}

func feedEntry2() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  Feed().refreshAll(scope)
}

// Broken: the fileprivate overload of this file is the one called, and it reads the logger.
func feedEntryWithClockOnly() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  Feed().refreshAll(scope) // expected-note@:3 {{'Logger' is required by the call to 'refreshAll(_:)' here}}
}
