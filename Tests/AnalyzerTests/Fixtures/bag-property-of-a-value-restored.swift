// An environment struct holding a bag, handed to views: a view restores the bag of the
// environment it keeps (`withScope(with: environment.implicits)`, also through `self.` and
// `ImplicitScope(with:)`), and a row restores the bag of the environment it is passed. Each
// restore is of `ScreenEnvironment.implicits`, the bag its memberwise `init` keeps: what the
// views read is required where the environment is made. (Was `bag-unknown` at every restore.)
import Implicits

struct Theme { init() {} }
struct Analytics { init() {} }

func paint(_ title: String, _ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

/// What a screen is handed: its title and the values it renders with.
struct ScreenEnvironment {
  var title: String
  var implicits: Implicits
}

struct SettingsView {
  let environment: ScreenEnvironment

  func render() {
    withScope(with: environment.implicits) { scope in
      paint(environment.title, scope) // expected-note@:7 {{'Theme' is required by the call to 'paint(_:_:)' here}}
    }
  }

  func tap() {
    let scope = ImplicitScope(with: self.environment.implicits)
    defer { scope.end() }
    track("settings", scope)
  }
}

func renderRow(_ environment: ScreenEnvironment) {
  withScope(with: environment.implicits) { scope in paint("row", scope) }
}

// Right: the environment captures the theme and the analytics where it is made.
func showSettings() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var analytics = Analytics()
  let environment = ScreenEnvironment(title: "Settings", implicits: #implicits)
  SettingsView(environment: environment).render()
  SettingsView(environment: environment).tap()
  renderRow(environment)
}

// Wrong: the preview's environment is made where no theme is declared.
func previewSettings() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let environment = ScreenEnvironment(title: "Preview", implicits: #implicits) // expected-note@:68 {{'Theme' is captured by the '#implicits' bag here}} // expected-note@:21 {{'Theme' is required where 'ScreenEnvironment.implicits' is restored: 'ScreenEnvironment.init(title:implicits:)' keeps the bag passed here in it}}
  SettingsView(environment: environment).render()
}
