// Every spelling of a root scope starts from nothing.
import Implicits

struct Database { init() {} }

func migrate(_ scope: ImplicitScope) {
  @Implicit var db: Database // expected-note@:17 {{'Database' is read here}} // expected-note@:17 {{'Database' is read here}} // expected-note@:17 {{'Database' is read here}} // expected-note@:17 {{'Database' is read here}} // expected-note@:17 {{'Database' is read here}}
}

func typedRoot() {
  let scope: ImplicitScope = .init() // expected-error@:30 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  migrate(scope) // expected-note@:3 {{'Database' is required by the call to 'migrate(_:)'}}
}

func qualifiedRoot() {
  let scope = Implicits.ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  migrate(scope) // expected-note@:3 {{'Database' is required by the call to 'migrate(_:)'}}
}

func explicitInit() {
  let scope = ImplicitScope.init() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  migrate(scope) // expected-note@:3 {{'Database' is required by the call to 'migrate(_:)'}}
}

func typedRootWithDatabase() {
  let scope: ImplicitScope = .init()
  defer { scope.end() }
  @Implicit var db = Database()
  migrate(scope)
}

func qualifiedWithScope() {
  Implicits.withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    migrate(scope) // expected-note@:5 {{'Database' is required by the call to 'migrate(_:)'}}
  }
}

func shorthandWithScope() {
  withScope { // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    migrate($0) // expected-note@:5 {{'Database' is required by the call to 'migrate(_:)'}}
  }
}
