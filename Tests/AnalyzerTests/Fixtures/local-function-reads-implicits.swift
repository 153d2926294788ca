// A local function without a scope parameter of its own reads what is visible where it is
// called, whether or not it names the enclosing scope: the scope-parameter rule tells users
// to drop such a function's own scope parameter, so the reads must then be accepted.
struct Settings { init() {} }
struct Theme { init() {} }
final class Button { var onTap: (() -> Void)? }

func named(_ scope: ImplicitScope) {
  func step() {
    @Implicit var settings: Settings // expected-note@:19 {{'Settings' is read here}}
  }
  step() // expected-note@:3 {{'Settings' is required by the call to 'step()' here}}
}

func unnamed(_: ImplicitScope) {
  func step() {
    @Implicit var theme: Theme
  }
  step()
}

func created() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var settings = Settings()
  @Implicit var theme = Theme()
  func step() {
    @Implicit var settings: Settings
    @Implicit var theme: Theme
  }
  step()
}

func chained(_ scope: ImplicitScope) {
  func inner() {
    @Implicit var theme: Theme
  }
  func outer() { inner() }
  outer()
}

// Kept by a button, it runs after the scope has ended: a bag is needed, as for a closure.
func escaping(_ scope: ImplicitScope, _ button: Button) {
  func tapped() {
    @Implicit var settings: Settings // expected-error@:19 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Settings' of the enclosing scope}}
  }
  button.onTap = tapped
}

// Declared before the scope opens and called after: it reads what is visible at the call.
func declaredFirst() {
  func step() {
    @Implicit var settings: Settings
  }
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var settings = Settings()
  step()
}

// Called where no scope is open: the error names the enclosing function, at the call.
func noScope() {
  func step() {
    @Implicit var settings: Settings
  }
  step() // expected-error@:3 [implicit-without-scope-parameter] {{implicit 'Settings' used in 'noScope()', which has no ImplicitScope parameter}}
}

func calledTooEarly() {
  func step() {
    @Implicit var theme: Theme
  }
  step() // expected-error@:3 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'calledTooEarly()', which has no ImplicitScope parameter}}
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  step()
}

func recursive(_ depth: Int, _ scope: ImplicitScope) {
  func countdown(_ k: Int) {
    @Implicit var theme: Theme
    if k > 0 { countdown(k - 1) }
  }
  countdown(depth)
}

// Two local functions of one name, told apart by their arguments' types: a call by that
// name runs both, so what either requires is required (also when they pass the scope on).
func needsTheme(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func overloaded(_ scope: ImplicitScope) {
  func show(_ value: Int) {
    needsTheme(scope) // expected-note@:5 {{'Theme' is required by the call to 'needsTheme(_:)' here}}
  }
  func show(_ value: String) {
    @Implicit var settings: Settings // expected-note@:19 {{'Settings' is read here}}
  }
  show(1) // expected-note@:3 {{'Settings' is required by the call to 'show(_:)' here}} // expected-note@:3 {{'Theme' is required by the call to 'show(_:)' here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Settings' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  named(scope) // expected-note@:3 {{'Settings' is required by the call to 'named(_:)' here}}
  unnamed(scope)
  chained(scope)
  escaping(scope, Button())
  recursive(2, scope)
  overloaded(scope) // expected-note@:3 {{'Settings' is required by the call to 'overloaded(_:)' here}}
}

func overloadRoot() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var settings = Settings()
  overloaded(scope) // expected-note@:3 {{'Theme' is required by the call to 'overloaded(_:)' here}}
}
