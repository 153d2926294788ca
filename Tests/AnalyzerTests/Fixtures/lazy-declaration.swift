import Implicits

final class Database {
  static func open() -> Database { Database() }
}

struct Catalog {}

extension ImplicitsKeys {
  static let replica = Key<Database>()
}

func query(_ scope: ImplicitScope) {
  @Implicit var database: Database
  @Implicit(\.replica) var replica: Database
  @Implicit var catalog: Catalog // expected-note@:17 {{'Catalog' is read here}}
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(.lazy) var database = Database.open()
  @Implicit(\.replica, .lazy) var replica = Database.open()
  @Implicit(Catalog.self, .lazy) var catalog = Catalog()
  query(scope)
}

func missing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Catalog' at this entry point}}
  defer { scope.end() }
  @Implicit(.lazy) var database = Database.open()
  @Implicit(\.replica, .lazy) var replica = Database.open()
  query(scope) // expected-note@:3 {{'Catalog' is required by the call to 'query(_:)' here}}
}
