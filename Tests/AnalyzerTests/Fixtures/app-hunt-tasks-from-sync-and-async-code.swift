// Written blind in the session-30 hunt, as app code is written, before running the analyzer;
// every answer was checked by hand against what the runtime does (DocC, Async; README, Scopes),
// and all held: kept so they stay held. The file type-checks against the runtime.
// Task {} from synchronous code does not inherit the caller's values, from async code it does; a block given to DispatchQueue.main.async and Task.detached start empty (README, Async).
import Implicits
import Dispatch

struct Database { func find(_ id: Int) -> String { "" } }

func load(_ scope: ImplicitScope) async -> String { @Implicit var db: Database; return db.find(1) }
func loadSync(_ scope: ImplicitScope) -> String { @Implicit var db: Database; return db.find(1) }

func refreshFromSync(_ scope: ImplicitScope) {
  Task { _ = await load(scope) } // expected-error@:20 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Database' of the enclosing scope}}
}
func refreshFromAsync(_ scope: ImplicitScope) async {
  Task { _ = await load(scope) }
}
func later(_ scope: ImplicitScope) {
  DispatchQueue.main.async { [scope] in _ = loadSync(scope) } // expected-error@:45 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Database' of the enclosing scope}}
}
func detached(_ scope: ImplicitScope) async {
  Task.detached { _ = await load(scope) } // expected-error@:29 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Database' of the enclosing scope}}
}

func rootSync() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var db = Database()
  refreshFromSync(scope)
  later(scope)
}
func rootAsync() async {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var db = Database()
  await refreshFromAsync(scope)
  await detached(scope)
}
