import Implicits

extension ImplicitsKeys {
  static let retries = Key<Int>(default: 3)
  static let region = Key<String>()
}

struct Clock: DefaultImplicit {
  static var defaultImplicit: Clock { Clock() }
}

struct Network {}

extension Network: DefaultImplicit {
  static var defaultImplicit: Network { Network() }
}

struct Database {}

func download(_ scope: ImplicitScope) {
  @Implicit(\.retries) var retries: Int
  @Implicit var clock: Clock
  @Implicit var network: Network
  @Implicit var database: Database // expected-note@:17 {{'Database' is read here}}
}

// Defaulted keys need no scope at all.
func timeout() -> Int {
  @Implicit(\.retries) var retries: Int
  return retries * 10
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  download(scope) // expected-note@:3 {{'Database' is required by the call to 'download(_:)' here}}
}

func withDeclarations() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.retries) var retries = 5
  @Implicit var database = Database()
  download(scope)
}

func region() {
  @Implicit(\.region) var region: String // expected-error@:27 [implicit-without-scope-parameter] {{implicit '\.region' used in 'region()', which has no ImplicitScope parameter}}
}
