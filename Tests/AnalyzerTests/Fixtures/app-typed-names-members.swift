// Keys of members: a static property or case of a type (`Palette.standard`, `Theme.dark`),
// a property of a value of known type (`context.theme`, `self.context.user`), a loop
// variable that is bound in the loop's body only. Found by app code written first.
import Implicits

struct User: Sendable { let id: Int; let name: String }

func greet(_ scope: ImplicitScope) -> String {
  @Implicit var user: User
  return user.name
}
enum Theme: Sendable { case light, dark }
struct Palette: Sendable { static let standard = Palette(); init() {} }

final class FeatureFlags: @unchecked Sendable {
  static let shared = FeatureFlags()
  var enabled: Set<String> = []
}

struct Box<T: Sendable>: Sendable { let value: T }

struct Context: Sendable {
  let user: User
  let theme: Theme
}

func render(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
  @Implicit var palette: Palette
  @Implicit var flags: FeatureFlags
}

func renderBoth(_ context: Context) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = context.theme
  @Implicit var user = context.user
  @Implicit var palette = Palette.standard
  @Implicit var flags = FeatureFlags.shared
  render(scope)
  _ = greet(scope)
}

func renderDark() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme.dark
  @Implicit var palette = Palette.standard
  @Implicit var flags = FeatureFlags.shared
  render(scope)
}

func renderBoxed(_ box: Box<Theme>) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = box.value // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'theme'}}
  @Implicit var palette = Palette()
  @Implicit var flags = FeatureFlags()
  render(scope)
}

final class ThemeController {
  var theme: Theme = .light
  let context: Context

  init(context: Context) { self.context = context }

  func apply(_ themes: [Theme]) {
    for theme in themes {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var theme = theme
      @Implicit var palette = Palette.standard
      @Implicit var flags = FeatureFlags.shared
      render(scope)
    }
    // After the loop `theme` is the property again.
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var theme = theme
    @Implicit var user = self.context.user
    @Implicit var palette = Palette.standard
    @Implicit var flags = FeatureFlags.shared
    render(scope)
    _ = greet(scope)
  }

  func applyIfSet(_ override: Theme?) {
    if let override {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var theme = override
      @Implicit var palette = Palette.standard
      @Implicit var flags = FeatureFlags.shared
      render(scope)
    }
  }

  /// `forEach`'s closure is given the elements of `[Theme]`, as a `for` loop is.
  func applyEach(_ themes: [Theme]) {
    themes.forEach { theme in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var theme = theme
      @Implicit var palette = Palette.standard
      @Implicit var flags = FeatureFlags.shared
      render(scope)
    }
  }
}

// The property of another type than the one needed: reported where the scope opens.
func renderWithUser(_ context: Context) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = context.user
  @Implicit var palette = Palette.standard
  @Implicit var flags = FeatureFlags.shared
  render(scope) // expected-note@:3 {{'Theme' is required by the call to 'render(_:)'}}
}
