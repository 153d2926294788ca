// `Result { try … }` (`Result(catching:)`) runs its closure before the initializer returns,
// so the closure uses the scope around it like any in-place closure. (The fifth blind
// round's reducer effect wrapped a restored bag's work in `Result { }` and got
// `unclassified-closure-uses-implicit`.)
import Implicits

struct Journal {}
enum ValveError: Error { case stuck }

func irrigate(_ bed: Int, _ scope: ImplicitScope) throws -> Int {
  @Implicit var journal: Journal // expected-note@:17 {{'Journal' is read here}}
  if bed == 13 { throw ValveError.stuck }
  return bed
}

struct Effect {
  let run: () -> Int
}

func water(_ bed: Int, _ scope: ImplicitScope) -> Effect {
  let implicits = Implicits.captureAll()
  return Effect {
    let result = withScope(with: implicits) { scope in
      Result { try irrigate(bed, scope) }
    }
    return (try? result.get()) ?? -1
  }
}

func typed(_ bed: Int, _ scope: ImplicitScope) -> Result<Int, any Error> {
  Result<Int, any Error> { try irrigate(bed, scope) }
}

func app() -> Int {
  withScope { scope in
    @Implicit var journal = Journal()
    _ = typed(1, scope)
    return water(2, scope).run()
  }
}

// Wrong: the closure runs in place, so what it needs is needed here.
func undeclared() -> Int {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
    (try? Result { try irrigate(3, scope) }.get()) ?? 0 // expected-note@:18 {{'Journal' is required by the closure created here}} // expected-note@:24 {{'Journal' is required by the call to 'irrigate(_:_:)' here}}
  }
}

func later(_ work: @escaping () -> Int) -> Effect { Effect(run: work) }

// Wrong: the effect runs later, and its `Result { }` uses the enclosing scope.
func leaky(_ scope: ImplicitScope) -> Effect {
  later { (try? Result { try irrigate(4, scope) }.get()) ?? 0 } // expected-error@:24 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope}}
}
