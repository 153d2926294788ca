// A view model keeps a bag in a stored property and hands it to a function that restores
// its `Implicits` parameter (a detail screen's factory, a badge's renderer): the bag
// captures what that function needs, as a local bag passed there does. Found by the
// blind round of session 12: `describe(with: implicits)` gave a false `bag-unused` and
// charged nothing, so a missing `Theme` stopped the program at run time instead.
struct Theme { var name: String }
struct Logger { init() {} }

func currentTheme(_ scope: ImplicitScope) -> Theme {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}}
  // expected-note@-1:17 {{'Theme' is read here}}
  // expected-note@-2:17 {{'Theme' is read here}}
  return theme
}

func logOpen(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

enum Badge {
  static func describe(with implicits: Implicits) -> String {
    withScope(with: implicits) { scope in currentTheme(scope).name } // expected-note@:43 {{'Theme' is required by the call to 'currentTheme(_:)' here}}
    // expected-note@-1:43 {{'Theme' is required by the call to 'currentTheme(_:)' here}}
  }
}

func openDetail(_ title: String, from implicits: Implicits) {
  let scope = ImplicitScope(with: implicits)
  defer { scope.end() }
  logOpen(scope)
}

/// Captured as the initial value, handed on by its bare name.
final class LibraryModel {
  private let implicits = #implicits // expected-note@:27 {{'Theme' is captured by the '#implicits' bag here}}
  init(_ scope: ImplicitScope) {}

  func badge() -> String { Badge.describe(with: implicits) } // expected-note@:28 {{'Theme' is required by 'describe(with:)', which restores the bag passed here}}
  func open(_ title: String) { openDetail(title, from: implicits) }
}

/// A detail screen's model restores the bag it is made with in its initializer.
final class DetailModel {
  let theme: Theme
  init(title: String, with implicits: Implicits) {
    theme = withScope(with: implicits) { scope in currentTheme(scope) } // expected-note@:51 {{'Theme' is required by the call to 'currentTheme(_:)' here}}
  }
}

/// `Implicits.captureAll()` in an `@Observable`-style model, handed to an initializer.
final class ReaderModel {
  private let context = Implicits.captureAll() // expected-note@:25 {{'Theme' is captured by the 'Implicits.captureAll()' bag here}}
  init(_ scope: ImplicitScope) {}

  func detail(_ title: String) -> DetailModel { DetailModel(title: title, with: context) }
  // expected-note@-1:49 {{'Theme' is required by 'DetailModel.init(title:with:)', which restores the bag passed here}}
}

/// Assigned in the initializer, handed on as `self.implicits`.
final class ShelfModel {
  private let implicits: Implicits
  init(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  func open(_ title: String) { openDetail(title, from: self.implicits) }
}

/// A local of the same name shadows the property: that bag is the one passed.
final class SearchModel {
  private let implicits = #implicits
  init(_ scope: ImplicitScope) {}

  func badge() -> String { withScope(with: implicits) { scope in currentTheme(scope).name } }
  func preview(_ scope: ImplicitScope) -> String {
    let implicits = Implicits()
    return Badge.describe(with: implicits) // expected-error@:12 [unresolved-implicit] {{unresolved implicit 'Theme' in a scope restored from an empty bag}}
    // expected-note@-1:12 {{'Theme' is required by the call to 'describe(with:)' here}}
  }
}

func startWithTheme() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme(name: "dark")
  @Implicit var logger = Logger()
  _ = LibraryModel(scope).badge()
  LibraryModel(scope).open("a")
  ShelfModel(scope).open("b")
  _ = SearchModel(scope).badge()
  _ = ReaderModel(scope).detail("c")
}

func startWithoutTheme() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  ShelfModel(scope).open("b")
  _ = LibraryModel(scope).badge() // expected-note@:7 {{'Theme' is required by the call to 'LibraryModel.init(_:)' here}}
}

func readerWithoutTheme() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  _ = ReaderModel(scope).detail("c") // expected-note@:7 {{'Theme' is required by the call to 'ReaderModel.init(_:)' here}}
}
