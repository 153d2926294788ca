// A metatype bound to a local first (issue 18, item 8: 3): `let kind = type(of: widget)`
// and `let type = Widget.self` reach the static members, as at run time; the instance
// member of the same name is reached only through a value.
import Implicits

struct Theme { init() {} }
struct Analytics { init() {} }

final class Widget {
  init() {}

  static func make(_ scope: ImplicitScope) -> Widget {
    @Implicit var theme: Theme
    return Widget()
  }

  /// Tracks the widget: an instance member of the factory's name.
  func make(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
  }
}

final class Gallery {
  private var widgets: [Widget] = []
  init() {}

  func duplicate(_ widget: Widget, _ scope: ImplicitScope) {
    let kind = type(of: widget)
    widgets.append(kind.make(scope))
    let factory = Widget.self
    widgets.append(factory.make(scope))
  }

  static func fill(_ scope: ImplicitScope) -> [Widget] {
    let this = Self.self
    _ = this
    let kind: Widget.Type = Widget.self
    return [kind.make(scope)]
  }
}

func openGallery() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  Gallery().duplicate(Widget(), scope)
  _ = Gallery.fill(scope)
}

// Broken: a local bound to a value, not a metatype, reaches the instance member.
func trackGallery() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  let kind = type(of: Widget())
  _ = kind.make(scope)
  let widget = kind.make(scope)
  widget.make(scope) // expected-note@:3 {{'Analytics' is required by the call to 'make(_:)' here}}
}
