// A closure that takes a scope, given to a struct's memberwise `init` (`Job(name: "ask",
// work: { scope in … })`, a trailing `Chore("sweep") { scope in … }`) is stored in the
// property of its label and runs where that property is called, with the caller's scope.
// Before, its untyped `scope` was not known to be one: a false
// `escaping-closure-uses-implicit` at each read, and `forgetful` was told only of 'Clock'.
// Each closure reads a key of its own: `forgetful`, which declares none, shows each is
// charged where its property is called (closures stored into one property are not told
// apart: `makeTypedChore`'s 'Clock' is charged too).
import Implicits

struct Permissions { func ask() {} }
struct Tracker { func track() {} }
struct Clock { func tick() {} }
typealias Step = (ImplicitScope) -> Void

struct Job {
  let name: String
  let work: Step
}

struct Chore {
  let name: String
  var run: (ImplicitScope) -> Void
}

func makeJob() -> Job {
  Job(name: "ask", work: { scope in // expected-note@:26 {{'Permissions' is required by the closure created here}}
    @Implicit var permissions: Permissions // expected-note@:19 {{'Permissions' is read here}}
    permissions.ask()
  })
}

func makeChore() -> Chore {
  Chore(name: "sweep") { scope in // expected-note@:24 {{'Tracker' is required by the closure created here}}
    @Implicit var tracker: Tracker // expected-note@:19 {{'Tracker' is read here}}
    tracker.track()
  }
}

func makeTypedChore() -> Chore {
  Chore(name: "wind", run: { (scope: ImplicitScope) in // expected-note@:28 {{'Clock' is required by the closure created here}}
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    clock.tick()
  })
}

func perform(_ job: Job, _ chore: Chore, _ scope: ImplicitScope) {
  job.work(scope) // expected-note@:3 {{'Permissions' is required by the call to 'work(_:)' here}}
  chore.run(scope) // expected-note@:3 {{'Clock' and 'Tracker' are required by the call to 'run(_:)' here}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var permissions = Permissions()
  @Implicit var tracker = Tracker()
  @Implicit var clock = Clock()
  perform(makeJob(), makeChore(), scope)
  perform(makeJob(), makeTypedChore(), scope)
}

func forgetful() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'Clock', 'Permissions' and 'Tracker' at this entry point}}
  defer { scope.end() }
  perform(makeJob(), makeChore(), scope) // expected-note@:3 {{'Clock', 'Permissions' and 'Tracker' are required by the call to 'perform(_:_:_:)' here}}
}
