// Multiple trailing closures bind by label; each runs in place or escapes by its own parameter.
struct Theme { init() {} }
struct Analytics { init() {} }

func render(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

func showSheet(_ scope: ImplicitScope, content: () -> Void, onDismiss: @escaping () -> Void) {
  content()
}

func settingsScreen(_ scope: ImplicitScope) {
  showSheet(scope) { // expected-note@:20 {{'Theme' is required by the closure created here}}
    render(scope) // expected-note@:5 {{'Theme' is required by the call to 'render(_:)' here}}
  } onDismiss: {
    print("dismissed")
  }
}

func profileScreen(_ scope: ImplicitScope) {
  showSheet(scope) {
    render(scope)
  } onDismiss: {
    track(scope) // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Analytics' of the enclosing scope}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  settingsScreen(scope) // expected-note@:3 {{'Theme' is required by the call to 'settingsScreen(_:)'}}
}
