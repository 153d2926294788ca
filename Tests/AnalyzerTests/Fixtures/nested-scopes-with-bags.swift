// Nested scopes and bags together: a restored bag nested by its callee, a bag captured in
// a nested scope (it holds what that scope declares), a bag restored inside a nested scope
// (it hides what that scope declares).
import Implicits

struct Logger { init() {} }
struct Theme { init() {} }
struct Analytics { init() {} }

func render(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

/// Adds a theme in a nested scope of whatever scope it is given.
func themed(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var theme = Theme()
  render(scope)
}

final class Screen {
  private let implicits = #implicits // expected-note@:27 {{'Analytics' is captured by the '#implicits' bag here}}
  init(_ scope: ImplicitScope) {}

  func redraw() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    themed(scope)
  }

  /// A second scope in one function, nested in the first.
  func redrawInPlace() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    let inner = scope.nested()
    defer { inner.end() }
    @Implicit var theme = Theme()
    render(inner)
  }

  func trackVisit() {
    withScope(with: implicits) { scope in
      withScope(nesting: scope) { inner in
        track(inner) // expected-note@:9 {{'Analytics' is required by the call to 'track(_:)' here}}
      }
    }
  }
}

/// The bag holds the theme declared in the nested scope, and the caller's logger.
func makeAction(_ scope: ImplicitScope) -> () -> Void {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var theme = Theme()
  let bag = #implicits
  return {
    let restored = ImplicitScope(with: bag)
    defer { restored.end() }
    render(restored)
  }
}

/// The same without the theme: the bag must get it from the caller.
func makePlainAction(_ scope: ImplicitScope) -> () -> Void {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let bag = #implicits // expected-note@:13 {{'Theme' is captured by the '#implicits' bag here}}
  return {
    let restored = ImplicitScope(with: bag)
    defer { restored.end() }
    render(restored) // expected-note@:5 {{'Theme' is required by the call to 'render(_:)' here}}
  }
}

/// Inside the restored bag the nested scope's analytics are hidden: the bag needs its own.
func replay(_ scope: ImplicitScope, _ bag: Implicits) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  withScope(with: bag) { restored in
    track(restored) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:)' here}}
  }
  track(scope)
}

func openScreen() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var analytics = Analytics()
  let screen = Screen(scope)
  screen.redraw()
  screen.trackVisit()
  _ = makeAction(scope)
  replay(scope, #implicits)
}

func openWithoutAnalytics() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = Screen(scope) // expected-note@:7 {{'Analytics' is required by the call to 'Screen.init(_:)' here}}
  _ = makeAction(scope)
}

func replayWithoutAnalytics() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  replay(scope, #implicits) // expected-note@:17 {{'Analytics' is captured by the '#implicits' bag here}} // expected-note@:3 {{'Analytics' is required by 'replay(_:_:)', which restores the bag passed here}}
}

func plainAction() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = makePlainAction(scope) // expected-note@:7 {{'Theme' is required by the call to 'makePlainAction(_:)' here}}
}
