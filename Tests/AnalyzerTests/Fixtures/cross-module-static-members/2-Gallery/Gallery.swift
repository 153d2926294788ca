import Implicits
import Widgets

final class GalleryViewModel {
  let header = Widget()
  init() {}

  func build(_ scope: ImplicitScope, footer: Widget) -> [Widget] {
    header.make(scope)
    footer.make(scope)
    return [Widget.make(scope)]
  }
}

func showGallery() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var logger = Logger()
  _ = GalleryViewModel().build(scope, footer: Widget())
}

func makeHeader() -> Widget {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  return Widget.make(scope)
}

func logFooter(_ footer: Widget) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  footer.make(scope)
}

// Broken: the instance member needs the logger.
func logFooterWithTheme(_ footer: Widget) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  footer.make(scope) // expected-note@:3 {{'Logger' is required by the call to 'make(_:)' here}}
  // expected-note@-1:3 {{'Logger' is read in 'Widget.make(_:)' at cross-module-static-members/1-Widgets/Widgets.swift:15:19}}
}
