// The rules about stored bags hold for `Implicits.captureAll()` as for `#implicits`.
import Implicits

struct Logger { init() {} }

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

// Captured when the instance is made, so the type needs `init(_ scope:)`.
struct Holder { // expected-error@:1 [type-without-scope-init] {{type 'Holder' stores a bag captured with 'Implicits.captureAll()' but no 'init(_ scope: ImplicitScope)'}}
  let bag = Implicits.captureAll()

  func run() {
    withScope(with: bag) { scope in log(scope) }
  }
}

// `init(_ scope:)` captures every stored bag from the same scope: one is enough.
final class Cache {
  private let implicits = #implicits
  private let everything = Implicits.captureAll() // expected-error@:15 [bag-stored-twice] {{a type stores at most one bag; 'implicits' already holds what 'init(_ scope:)' captures}}
  // expected-note@-2:15 {{the first stored bag is here}}

  init(_ scope: ImplicitScope) {}

  func run() {
    withScope(with: implicits) { scope in log(scope) }
  }
}

// A name that only looks like the capture API is not a bag.
enum Snapshot {
  static func captureAll() -> Implicits { Implicits() }
}

func restoreLookalike(_ scope: ImplicitScope) {
  let bag = Snapshot.captureAll()
  let restored = ImplicitScope(with: bag) // expected-error@:18 [bag-unknown] {{unknown bag 'bag'; restore only bags captured with '#implicits' or 'Implicits.captureAll()'}}
  defer { restored.end() }
  log(restored)
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  Cache(scope).run()
  restoreLookalike(scope)
}
