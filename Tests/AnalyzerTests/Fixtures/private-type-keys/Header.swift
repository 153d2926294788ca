// A private type is a key of its own file: another file's private type of the same name is
// another key.
private struct Palette { init() {} }

func renderHeader(_ scope: ImplicitScope) {
  @Implicit var palette: Palette
}

func showHeader() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette()
  renderHeader(scope)
}
