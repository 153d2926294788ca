// A type with a static and an instance member of one signature: `T.f(scope)`, `Self.f`,
// unqualified calls in a static member reach the static one; calls on a value (an
// annotated local, a parameter, `self`, a stored property, `T(...)`) the instance one.
// In Feed*.swift, a private and a fileprivate overload, each seen only in its file.
import Implicits

struct Theme { init() {} }
struct Logger { init() {} }
struct Clock { init() {} }

struct Widget {
  var name = ""
  init() {}
  static func make(_ scope: ImplicitScope) -> Widget {
    @Implicit var theme: Theme // expected-note@:19 {{'Theme' is read here}}
    return Widget()
  }
  func make(_ scope: ImplicitScope) {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
  }
  static func makeTwo(_ scope: ImplicitScope) -> [Widget] {
    [make(scope), Self.make(scope), Widget.make(scope)]
  }
  func refresh(_ scope: ImplicitScope) {
    make(scope)
    self.make(scope)
  }
}

final class Screen {
  let header: Widget = Widget()
  var footer = Widget()
  init() {}
  func layout(_ scope: ImplicitScope, widget: Widget) {
    header.make(scope)
    self.footer.make(scope)
    widget.make(scope)
    Widget().make(scope)
    let local: Widget = .init()
    local.make(scope)
    let other = Widget()
    other.make(scope)
  }
}

func buildStatic() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  _ = Widget.make(scope)
  _ = Widget.makeTwo(scope)
}

func buildInstance() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  Screen().layout(scope, widget: Widget())
  Widget().refresh(scope)
}

// Broken: the static factory needs the theme, which only the instance member does not.
func buildStaticWithoutTheme() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = Widget.make(scope) // expected-note@:7 {{'Theme' is required by the call to 'make(_:)' here}}
}

// Broken: the instance member needs the logger.
func buildInstanceWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  let widget: Widget = Widget.make(scope)
  widget.make(scope) // expected-note@:3 {{'Logger' is required by the call to 'make(_:)' here}}
}
