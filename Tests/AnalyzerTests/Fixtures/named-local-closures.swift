// A closure bound to a local `let` runs where it is called (or where it is passed), with
// what is visible there, not where it is written.
import Foundation
import Implicits

struct Catalog { init() {} }
struct Session { init() {} }

func loadCatalog(_ scope: ImplicitScope) {
  @Implicit var catalog: Catalog // expected-note@:17 {{'Catalog' is read here}}
}

func refresh(_ scope: ImplicitScope) {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}}
}

func openCatalog() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let load = { (s: ImplicitScope) in
    loadCatalog(s)
  }
  @Implicit var catalog = Catalog()
  load(scope)
}

func reopen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  let reload: (ImplicitScope) -> Void = { scope in
    refresh(scope) // expected-note@:5 {{'Session' is required by the call to 'refresh(_:)' here}}
  }
  @Implicit var catalog = Catalog()
  reload(scope) // expected-note@:3 {{'Session' is required by the call to 'reload(_:)' here}}
}

func refreshAll() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let step: @Sendable (ImplicitScope) -> Void = { refresh($0) }
  @Implicit var session = Session()
  step(scope)
}

/// Runs `body` with a scope that has a session.
func withSession(_ body: (ImplicitScope) -> Void) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Catalog' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  body(scope) // expected-note@:3 {{'Catalog' is required by the closures passed for this parameter, which is called here}}
}

func refreshInHelper() {
  let update = { (scope: ImplicitScope) in refresh(scope) }
  withSession(update)
}

func loadInHelper() {
  let update = { (scope: ImplicitScope) in loadCatalog(scope) } // expected-note@:44 {{'Catalog' is required by the call to 'loadCatalog(_:)' here}}
  withSession(update) // expected-note@:15 {{'Catalog' is required by the closure created here}}
}

// A closure capturing the scope runs where it is called; passed to an escaping API it
// escapes.
func prefetch(_ scope: ImplicitScope) {
  let inner = scope.nested()
  defer { inner.end() }
  let work = { loadCatalog(inner) } // expected-error@:16 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Catalog'}}
  @Implicit var catalog = Catalog()
  work()
  DispatchQueue.main.async(execute: work)
}
