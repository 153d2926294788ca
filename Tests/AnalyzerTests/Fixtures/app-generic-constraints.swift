// A value of a generic parameter constrained to a protocol (`<S: Store>`, `where S: Store`),
// of `some Store` or of `any Store` reaches the protocol extension's methods.
import Implicits

struct Cache { init() {} }
struct Clock { init() {} }

protocol Store {
  var id: Int { get }
}

extension Store {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var cache: Cache
  }
}

protocol Expiring {}

extension Expiring {
  func expire(_ scope: ImplicitScope) {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
  }
}

struct UserStore: Store, Expiring { let id = 1 }

func reload<S: Store>(_ store: S, _ scope: ImplicitScope) {
  store.refresh(scope)
}

func reloadWhere<S>(_ store: S, _ scope: ImplicitScope) where S: Store {
  store.refresh(scope)
}

func reloadSome(_ store: some Store, _ scope: ImplicitScope) {
  store.refresh(scope)
}

func reloadAny(_ store: (any Store & Expiring)?, _ scope: ImplicitScope) {
  store?.refresh(scope)
  store?.expire(scope) // expected-note@:3 {{'Clock' is required by the call to 'expire(_:)' here}}
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache()
  reload(UserStore(), scope)
  reloadWhere(UserStore(), scope)
  reloadSome(UserStore(), scope)
}

func mainWithoutClock() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var cache = Cache()
  reloadAny(UserStore(), scope) // expected-note@:3 {{'Clock' is required by the call to 'reloadAny(_:_:)' here}}
}
