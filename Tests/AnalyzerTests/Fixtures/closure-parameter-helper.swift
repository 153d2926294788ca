struct Logger {}
struct Database {}

func store(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var database: Database // expected-note@:17 {{'Database' is read here}} // expected-note@:17 {{'Database' is read here}}
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

/// A test helper: provides a logger, then runs the body in place with its scope.
func withLogger(_ body: (ImplicitScope) -> Void) {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    @Implicit var logger = Logger()
    body(scope) // expected-note@:5 {{'Database' is required by the closures passed for this parameter, which is called here}}
  }
}

func testLog() {
  withLogger { scope in
    log(scope)
  }
}

func testStore() {
  withLogger { scope in // expected-note@:14 {{'Database' is required by the closure created here}}
    store(scope) // expected-note@:5 {{'Database' is required by the call to 'store(_:)' here}}
  }
}

func nestedHelper(_ scope: ImplicitScope, _ body: (ImplicitScope) -> Void) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  body(scope) // expected-note@:3 {{'Database' is required by the closures passed for this parameter, which is called here}}
}

func useNested() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database'}}
  defer { scope.end() }
  nestedHelper(scope) { (inner: ImplicitScope) in // expected-note@:3 {{'Database' is required by the call to 'nestedHelper(}} // expected-note@:23 {{'Database' is required by the closure created here}}
    store(inner) // expected-note@:5 {{'Database' is required by the call to 'store(_:)' here}}
  }
}

func unknownHelper(_ body: @escaping (Int) -> Void) {}

func tentative(_ scope: ImplicitScope) {
  [1, 2].forEach { value in
    _ = value
  }
  unknownHelper { scope in
    log(scope) // expected-error@:5 [untyped-scope-closure-parameter] {{cannot tell whether closure parameter 'scope' is an ImplicitScope}}
  }
}

// The scope need not be the closure's first parameter.
struct Row { init() {} }

func forEachRow(_ count: Int, _ scope: ImplicitScope, body: (Int, ImplicitScope) -> Void) {
  for index in 0..<count { body(index, scope) } // expected-note@:28 {{'Row' is required by the closures passed for this parameter, which is called here}}
}

func renderRow(_ index: Int, _ scope: ImplicitScope) {
  @Implicit var row: Row // expected-note@:17 {{'Row' is read here}}
}

func format(_ index: Int) -> String { "\(index)" }

func table() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Row' at this entry point}}
  defer { scope.end() }
  forEachRow(3, scope) { index, rowScope in // expected-note@:3 {{'Row' is required by the call to 'forEachRow(_:_:)'}} // expected-note@:24 {{'Row' is required by the closure created here}}
    _ = format(index)
    renderRow(index, rowScope) // expected-note@:5 {{'Row' is required by the call to 'renderRow(_:_:)' here}}
  }
}
