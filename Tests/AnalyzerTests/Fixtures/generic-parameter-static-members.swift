// A static method of a protocol extension called on a generic parameter constrained to
// the protocol (`P.boot(scope)` in `Registry<P: Plugin>`, `func make<P: Plugin>`,
// `where P: Plugin`) is that method. (The seventh blind round's plugin registry got
// `unresolved-call` there, and missed the key its test did not declare.)
import Implicits

struct Prefix {}
struct Journal {}

protocol Plugin {
  init()
}

extension Plugin {
  static func boot(_ scope: ImplicitScope) -> Self {
    @Implicit var prefix: Prefix // expected-note@:19 {{'Prefix' is read here}}
    return Self()
  }
}

protocol Audited {}

extension Audited {
  static func audit(_ scope: ImplicitScope) {
    @Implicit var journal: Journal // expected-note@:19 {{'Journal' is read here}}
  }
}

struct Upper: Plugin, Audited {}

final class Registry<P: Plugin> {
  var loaded: [P] = []
  func load(_ scope: ImplicitScope) {
    loaded.append(P.boot(scope)) // expected-note@:19 {{'Prefix' is required by the call to 'boot(_:)' here}}
  }
}

func make<P: Plugin>(_ kind: P.Type, _ scope: ImplicitScope) -> P {
  P.boot(scope)
}

func audited<P>(_ kind: P.Type, _ scope: ImplicitScope) where P: Audited {
  P.audit(scope) // expected-note@:3 {{'Journal' is required by the call to 'audit(_:)' here}}
}

func app() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var prefix = Prefix()
  @Implicit var journal = Journal()
  Registry<Upper>().load(scope)
  _ = make(Upper.self, scope)
  audited(Upper.self, scope)
}

// Wrong: the registry boots its plugins with what the caller declares, here nothing.
func test() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Prefix' at this entry point}}
  defer { scope.end() }
  Registry<Upper>().load(scope) // expected-note@:3 {{'Prefix' is required by the call to 'load(_:)' here}}
}

// Wrong: a where clause constrains the parameter too.
func auditTest() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
  defer { scope.end() }
  audited(Upper.self, scope) // expected-note@:3 {{'Journal' is required by the call to 'audited(_:_:)' here}}
}
