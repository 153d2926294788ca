// Closures kept in stored properties whose type is a collection or an optional of a
// scope-closure alias, added the ways apps add them: `steps.append { scope in … }`,
// `steps += [{ scope in … }]`, `steps.insert({ scope in … }, at: 0)`, `handlers["x"] =
// { path, scope in … }` on a `[String: Handler]`, `onDone = { scope in … }` on an
// `Optional<Step>`, and a `lazy var` list's initial value. Each untyped `scope` is the one
// the call through the property gives (`run`), not one of `configure`'s, which has none:
// before, each was a false `escaping-closure-uses-implicit` (all but the `lazy var`), and
// `forgetful`, which declares none of the keys, was told only of 'Theme'. Each closure
// reads a key of its own, so `forgetful`'s error shows every closure is charged where the
// list runs.
import Implicits

struct Permissions { func ask() {} }
struct Tracker { func track() {} }
struct Clock { func tick() {} }
struct Store { func save() {} }
struct Logger { func log() {} }
struct Theme { func apply() {} }
typealias Step = (ImplicitScope) -> Void
typealias Handler = (String, ImplicitScope) -> Void

final class Flow {
  var steps: [Step] = []
  var handlers: [String: Handler] = [:]
  var onDone: Optional<Step> = nil
  lazy var defaults: [Step] = [{ scope in // expected-note@:32 {{'Theme' is required by the closure created here}}
    @Implicit var theme: Theme // expected-note@:19 {{'Theme' is read here}}
    theme.apply()
  }]

  func configure() {
    steps.append { scope in // expected-note@:18 {{'Permissions' is required by the closure created here}}
      @Implicit var permissions: Permissions // expected-note@:21 {{'Permissions' is read here}}
      permissions.ask()
    }
    steps += [{ scope in // expected-note@:15 {{'Tracker' is required by the closure created here}}
      @Implicit var tracker: Tracker // expected-note@:21 {{'Tracker' is read here}}
      tracker.track()
    }]
    steps.insert({ scope in // expected-note@:18 {{'Clock' is required by the closure created here}}
      @Implicit var clock: Clock // expected-note@:21 {{'Clock' is read here}}
      clock.tick()
    }, at: 0)
    handlers["save"] = { path, scope in // expected-note@:24 {{'Store' is required by the closure created here}}
      @Implicit var store: Store // expected-note@:21 {{'Store' is read here}}
      store.save()
    }
    onDone = { scope in // expected-note@:14 {{'Logger' is required by the closure created here}}
      @Implicit var logger: Logger // expected-note@:21 {{'Logger' is read here}}
      logger.log()
    }
  }

  func run(_ scope: ImplicitScope) {
    for step in defaults + steps { step(scope) }
    handlers["save"]?("/save", scope) // expected-note@:5 {{'Store' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
    onDone?(scope) // expected-note@:5 {{'Clock', 'Logger', 'Permissions', 'Theme' and 'Tracker' are required by the 'Step' closures this call may run}}
  }
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var permissions = Permissions()
  @Implicit var tracker = Tracker()
  @Implicit var clock = Clock()
  @Implicit var store = Store()
  @Implicit var logger = Logger()
  @Implicit var theme = Theme()
  let flow = Flow()
  flow.configure()
  flow.run(scope)
}

func forgetful() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock', 'Logger', 'Permissions', 'Store', 'Theme' and 'Tracker' at this entry point}}
  defer { scope.end() }
  let flow = Flow()
  flow.configure()
  flow.run(scope) // expected-note@:3 {{'Clock', 'Logger', 'Permissions', 'Store', 'Theme' and 'Tracker' are required by the call to 'run(_:)' here}}
}
