// A private type is a key of its own file: another file's private type of the same name is
// another key.
private struct Palette { init() {} }

func renderHeader(_ scope: ImplicitScope) {
  @Implicit var palette: Palette // expected-note@:17 {{'Palette' (private to Header.swift) is read here}}
}

func showHeader() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette()
  renderHeader(scope)
}
