// A local or a parameter whose type is a generic parameter of the enclosing type, constrained
// to a protocol (`let plugin: P = …`, `func run(_ plugin: P, …)` in `Registry<P: Plugin>`),
// is a value of `some Plugin`: calls on it reach the protocol extension's methods. (Found
// after the seventh blind round, writing its registry's `run` with a typed local: the call
// was `unresolved-call`.)
import Implicits

struct Journal {}

protocol Plugin {
  init()
}

extension Plugin {
  func apply(_ text: String, _ scope: ImplicitScope) -> String {
    @Implicit var journal: Journal // expected-note@:19 {{'Journal' is read here}}
    return text
  }
}

struct Upper: Plugin {}

final class Registry<P: Plugin> {
  func run(_ text: String, _ scope: ImplicitScope) -> String {
    let plugin: P = P()
    return plugin.apply(text, scope) // expected-note@:12 {{'Journal' is required by the call to 'apply(_:_:)' here}}
  }

  func rerun(_ plugin: P, _ scope: ImplicitScope) -> String {
    plugin.apply("again", scope)
  }
}

func app() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var journal = Journal()
  _ = Registry<Upper>().run("x", scope)
  _ = Registry<Upper>().rerun(Upper(), scope)
}

// Wrong: running a plugin reads the journal.
func test() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
  defer { scope.end() }
  _ = Registry<Upper>().run("y", scope) // expected-note@:7 {{'Journal' is required by the call to 'run(_:_:)' here}}
}
