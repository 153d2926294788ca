// A scope read out of a collection or a tuple (`scopes[0]`, `scopes["feed"]!`,
// `scopes.first!`, `pair.0`, a stored `var scopes: [ImplicitScope]`, `let scope =
// scopes[0]`, `if let scope = scopes.first`) is a scope the analyzer did not see created
// or received: passing it on was not reported, and what the callee reads went unchecked
// (a silent miss, named by session 27, fixed in session 28). What is not a scope (the
// count, the tuple's other element) stays unreported.
struct Logger { init() {} }

func log(_ scope: ImplicitScope) { @Implicit var logger: Logger }
func record(_ count: Int) {}
func endAll(_ scopes: [ImplicitScope]) { scopes.forEach { $0.end() } }

func fromArray(_ scopes: [ImplicitScope]) {
  log(scopes[0]) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'scopes[0]': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  record(scopes.count)
}

func fromDictionary(_ scopes: [String: ImplicitScope]) {
  log(scopes["feed"]!) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'scopes["feed"]': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
}

func fromFirst(_ scopes: [ImplicitScope]) {
  log(scopes.first!) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'scopes.first': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  if let scope = scopes.last { log(scope) } // expected-error@:36 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
}

func fromBinding(_ scopes: Array<ImplicitScope>) {
  let scope = scopes[0]
  log(scope) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
}

func fromTuple(_ pair: (ImplicitScope, Int), _ named: (scope: ImplicitScope, id: Int)) {
  log(pair.0) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'pair.0': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  record(pair.1)
  log(named.scope) // expected-error@:7 [scope-not-followed] {{the analyzer cannot follow the scope in 'named.scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  record(named.id)
}

final class ScopePool {
  var scopes: [ImplicitScope] = []

  func runFirst() {
    log(scopes[0]) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'scopes[0]': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  }

  func runLast() {
    log(self.scopes[scopes.count - 1]) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'self.scopes[scopes.count - 1]': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
    record(scopes.count)
  }

  func drain() {
    endAll(scopes)
    scopes.removeAll()
  }
}

func followed(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  log(scope)
}
