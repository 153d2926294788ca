// `[bag = Implicits()]` in a closure's capture list is the empty bag, as `let bag =
// Implicits()` is: restoring it provides nothing, so what the code under it reads must be
// declared there. (The seventh blind round tried it in a task group's child and got
// `bag-unknown`, which names no key, instead of the read the empty bag does not hold.)
import Implicits

struct Metrics {}

func count(_ scope: ImplicitScope) {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
}

// Right: each child declares what it reads, on top of nothing.
func isolated() async {
  await withTaskGroup(of: Void.self) { group in
    group.addTask { [bag = Implicits()] in
      withScope(with: bag) { scope in
        @Implicit var metrics = Metrics()
        count(scope)
      }
    }
  }
}

// Wrong: the empty bag holds no metrics.
func forgot() {
  Task { [bag = Implicits()] in
    withScope(with: bag) { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit 'Metrics' in a scope restored from an empty bag}}
      count(scope) // expected-note@:7 {{'Metrics' is required by the call to 'count(_:)' here}}
    }
  }
}
