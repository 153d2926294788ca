// `UI.Button(scope)` initialises the nested type, not a top-level `Button`.
struct Theme { init() {} }
struct Haptics { init() {} }

enum UI {
  struct Button {
    @Implicit var theme: Theme // expected-note@:19 {{'Theme' is read by this stored property when 'init(_ scope:)' runs}}
    init(_ scope: ImplicitScope) {}
  }

  static func toolbar(_ scope: ImplicitScope) -> [Button] {
    [Button(scope), UI.Button(scope)]
  }
}

struct Button {
  @Implicit var haptics: Haptics
  init(_ scope: ImplicitScope) {}
}

func settingsScreen() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  _ = UI.Button(scope)
  _ = UI.toolbar(scope)
}

func aboutScreen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var haptics = Haptics()
  _ = Button(scope)
  _ = UI.Button(scope) // expected-note@:7 {{'Theme' is required by the call to 'UI.Button.init(_:)'}}
}
