private struct Palette { init() {} }

func settingsScreen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Palette' (private to Header.swift) at this entry point}}
  defer { scope.end() }
  @Implicit var palette = Palette()
  renderHeader(scope) // expected-note@:3 {{'Palette' (private to Header.swift) is required by the call to 'renderHeader(_:)'}}
}
