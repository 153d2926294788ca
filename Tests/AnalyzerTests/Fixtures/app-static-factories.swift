// Static factory methods that take the scope, called on the type, through `Self`, and as
// implicit member expressions.
import Implicits

struct Database { init() {} }
struct Network { init() {} }

final class Repository {
  @Implicit var database: Database
  init(_ scope: ImplicitScope) {}

  static func live(_ scope: ImplicitScope) -> Repository {
    Repository(scope)
  }

  static func cached(_ scope: ImplicitScope) -> Self {
    @Implicit var network: Network // expected-note@:19 {{'Network' is read here}}
    return Self(scope)
  }
}

struct Services {
  let repository: Repository

  static func make(_ scope: ImplicitScope) -> Services {
    Services(repository: .live(scope))
  }
}

func boot() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  let repository: Repository = .live(scope)
  let services = Services.make(scope)
  _ = (repository, services)
}

func bootCached() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network' at this entry point}}
  defer { scope.end() }
  @Implicit var database = Database()
  _ = Repository.cached(scope) // expected-note@:7 {{'Network' is required by the call to 'cached(_:)' here}}
}
