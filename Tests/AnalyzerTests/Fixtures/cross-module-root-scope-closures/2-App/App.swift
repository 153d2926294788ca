import Kit

let dependencies = Dependencies(logger: Logger(), analytics: Analytics())

// What the closure reads is declared by `withDependencies`: nothing to declare here.
func launch() {
  withDependencies(dependencies) { scope in
    track("launch", scope)
  }
}

// The database is not one of the dependencies: reported at the call, not as a read
// outside any scope.
func report() {
  withDependencies(dependencies) { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Database' in the scope that 'Kit.withDependencies(_:_:)' opens for the closure passed here; declare it in that function before it calls the closure, or in the closure (e.g. '@Implicit var database = Database(…)' in a nested scope) before it is needed}} // expected-note@:34 {{'Database' is required by the closure created here}}
    track("report", scope)
    query(scope) // expected-note@:5 {{'Database' is required by the call to 'query(_:)' here}} // expected-note@:5 {{'Database' is read in 'query(_:)' at cross-module-root-scope-closures/1-Kit/Dependencies.swift:44:17}}
  }
}

// Declared in a nested scope of the closure: provided.
func reportWithDatabase() {
  withDependencies(dependencies) { scope in
    withScope(nesting: scope) { scope in
      @Implicit var database = Database()
      query(scope)
    }
  }
}

// The async form declares the logger only: the analytics `track` reads is missing.
func sync() async {
  await withLoggingAsync(Logger()) { scope in // expected-error@:9 [unresolved-implicit] {{unresolved implicit 'Analytics' in the scope that 'Kit.withLoggingAsync(_:_:)' opens}} // expected-note@:36 {{'Analytics' is required by the closure created here}}
    track("sync", scope) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:_:)' here}} // expected-note@:5 {{'Analytics' is read in 'track(_:_:)' at cross-module-root-scope-closures/1-Kit/Dependencies.swift:40:17}}
  }
}

// A restored bag's contents are unknown here: the closure needs what it reads from the
// caller, which has it.
func replay(_ bag: Implicits, _ scope: ImplicitScope) {
  @Implicit var database: Database
  replaying(bag) { scope in
    query(scope)
  }
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  replay(Implicits(), scope)
}
