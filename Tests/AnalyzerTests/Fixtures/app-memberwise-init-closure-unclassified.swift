// analyzer-known-issue: a closure passed to the memberwise initializer of a struct of the module, for a stored closure property, is reported as unclassified-closure-uses-implicit ("its declaration is not visible to the analyzer") where it escapes: escaping-closure-uses-implicit is meant
// An effect keeps its closure to run after `water` returned. (The fifth blind round's
// reducer made its effects this way, `Effect { send in … }`.)
import Implicits

struct Journal {}

func irrigate(_ bed: Int, _ scope: ImplicitScope) -> Int {
  @Implicit var journal: Journal
  return bed
}

struct Effect {
  let run: () -> Int
}

func water(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  Effect { irrigate(bed, scope) } // expected-error@:12 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}

func waterLabelled(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  Effect(run: { irrigate(bed, scope) }) // expected-error@:17 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}

func waterLater(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  let implicits = Implicits.captureAll()
  return Effect { withScope(with: implicits) { scope in irrigate(bed, scope) } }
}
