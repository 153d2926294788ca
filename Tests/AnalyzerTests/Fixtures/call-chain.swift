struct Database {}
struct Cache {}

func leaf(_ scope: ImplicitScope) {
  @Implicit var database: Database // expected-note@:17 {{'Database' is read here}}
  @Implicit var cache: Cache
}

func middle(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var cache = Cache()
  leaf(scope) // expected-note@:3 {{'Database' is required by the call to 'leaf(_:)' here}}
}

func top(_ scope: ImplicitScope) {
  middle(scope) // expected-note@:3 {{'Database' is required by the call to 'middle(_:)' here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  top(scope) // expected-note@:3 {{'Database' is required by the call to 'top(_:)'}}
}
