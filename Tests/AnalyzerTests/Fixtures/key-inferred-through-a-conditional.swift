// `flag ? A(…) : A(…)` has the type both sides have; the key is known when both are written
// alike (the same type's initializer with the same labels, the same literal kind), directly
// or through a local. Otherwise the analyzer asks for the type, as for any value it cannot
// read.
import Implicits

struct Logger { init(level: Int) {} }
struct Theme {
  static let dark = Theme()
  static let light = Theme()
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func start(verbose: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = verbose ? Logger(level: 2) : Logger(level: 0)
  log(scope)
}

func startThroughALocal(verbose: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let chosen = verbose && !Bool.random() ? Logger(level: 2) : Logger(level: 0)
  @Implicit var logger = chosen
  log(scope)
}

func retries(fast: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var count = fast ? 1 : 3
}

// Two different members: their types are read elsewhere, one at a time.
func paint(dark: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = dark ? Theme.dark : Theme.light // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'theme'}}
}
