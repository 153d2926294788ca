// An effect keeps its closure to run after `water` returned. (The fifth blind round's
// reducer made its effects this way, `Effect { send in … }`.) A closure given to the
// memberwise initializer of a struct of the module is stored, so it escapes: before, it
// was reported as unclassified-closure-uses-implicit ("its declaration is not visible").
import Implicits

struct Journal {}

func irrigate(_ bed: Int, _ scope: ImplicitScope) -> Int {
  @Implicit var journal: Journal
  return bed
}

struct Effect {
  let run: () -> Int
}

/// Two stored closures after a plain property: each argument goes to the property of its label.
struct Schedule {
  let name: String
  let start: () -> Int
  var finish: (() -> Int)?
}

func water(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  Effect { irrigate(bed, scope) } // expected-error@:12 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}

func waterLabelled(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  Effect(run: { irrigate(bed, scope) }) // expected-error@:17 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}

func schedule(_ bed: Int, _ scope: ImplicitScope) -> Schedule {
  Schedule(name: "bed", start: { 0 }, finish: { irrigate(bed, scope) }) // expected-error@:49 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}

func waterLater(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  let implicits = Implicits.captureAll()
  return Effect { withScope(with: implicits) { scope in irrigate(bed, scope) } }
}

func waterCaptured(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  Effect { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return irrigate(bed, scope)
  }
}

func scheduleCaptured(_ bed: Int, _ scope: ImplicitScope) -> Schedule {
  let implicits = Implicits.captureAll()
  return Schedule(name: "bed", start: { withScope(with: implicits) { scope in irrigate(bed, scope) } }, finish: nil)
}
