struct Database {}
struct Cache {}

func leaf(_ scope: ImplicitScope) {
  @Implicit var database: Database
  @Implicit var cache: Cache
}

func middle(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var cache = Cache()
  leaf(scope)
}

func top(_ scope: ImplicitScope) {
  middle(scope)
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  top(scope) // expected-note@:3 {{'Database' is required by the call to 'top(_:)'}}
}
