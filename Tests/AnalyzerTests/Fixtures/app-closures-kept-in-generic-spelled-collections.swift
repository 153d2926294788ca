// Closures that take a scope kept in locals and properties whose type is spelled with the
// standard library's generic names: `Array<Step>`, `Optional<Step>`, `Dictionary<String,
// Step>`, as `[Step]`, `Step?` and `[String: Step]` are read. Before, each untyped `scope`
// was taken for the enclosing scope's: a false `escaping-closure-uses-implicit` at each
// read, and `forgetful` was told of none of the keys. Each closure reads a key of its own:
// `forgetful`, which declares none, shows each is charged where it runs.
import Implicits

struct Permissions { func ask() {} }
struct Tracker { func track() {} }
struct Clock { func tick() {} }
struct Store { func save() {} }
typealias Step = (ImplicitScope) -> Void

func localSteps(_ scope: ImplicitScope) {
  var local: Array<Step> = []
  local.append { scope in // expected-note@:16 {{'Permissions' is required by the closure created here}}
    @Implicit var permissions: Permissions // expected-note@:19 {{'Permissions' is read here}}
    permissions.ask()
  }
  var done: Optional<Step> = nil
  done = { scope in // expected-note@:10 {{'Tracker' is required by the closure created here}}
    @Implicit var tracker: Tracker // expected-note@:19 {{'Tracker' is read here}}
    tracker.track()
  }
  var table: Dictionary<String, Step> = [:]
  table["a"] = { scope in // expected-note@:16 {{'Clock' is required by the closure created here}}
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    clock.tick()
  }
  for step in local { step(scope) } // expected-note@:23 {{'Clock', 'Permissions', 'Store' and 'Tracker' are required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
  done?(scope)
  table["a"]?(scope)
}

final class Holder {
  var list: Array<Step> = []
  func add() {
    list.append { scope in // expected-note@:17 {{'Store' is required by the closure created here}}
      @Implicit var store: Store // expected-note@:21 {{'Store' is read here}}
      store.save()
    }
  }
  func run(_ scope: ImplicitScope) { for step in list { step(scope) } } // expected-note@:57 {{'Clock', 'Permissions', 'Store' and 'Tracker' are required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var permissions = Permissions()
  @Implicit var tracker = Tracker()
  @Implicit var clock = Clock()
  @Implicit var store = Store()
  localSteps(scope)
  Holder().run(scope)
}

func forgetful() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock', 'Permissions', 'Store' and 'Tracker' at this entry point}}
  defer { scope.end() }
  localSteps(scope) // expected-note@:3 {{'Clock', 'Permissions', 'Store' and 'Tracker' are required by the call to 'localSteps(_:)' here}}
  Holder().run(scope) // expected-note@:3 {{'Clock', 'Permissions', 'Store' and 'Tracker' are required by the call to 'run(_:)' here}}
}
