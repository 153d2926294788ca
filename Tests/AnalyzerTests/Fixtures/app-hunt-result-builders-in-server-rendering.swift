// Written in the session-31 hunt, as server-side HTML rendering is written: a result
// builder of the module (`@HTMLBuilder` on a function taking a scope, and on a closure
// parameter run in place, with `for … where`, `if`/`else`), a `@dynamicMemberLookup` value,
// a key path, a closure called at once that reads an implicit, and a value made and called
// at once through its `callAsFunction` (`Avatar(name: n)(scope)`), whose read was missed:
// the callee of a call of a call was no function. Planted: 'renderWithoutAssets' lacks
// 'Assets', read by the avatar's `callAsFunction` only (no error before).
import Implicits

struct Node { var html: String }

@resultBuilder enum HTMLBuilder {
  static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
  static func buildExpression(_ node: Node) -> [Node] { [node] }
  static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
  static func buildOptional(_ nodes: [Node]?) -> [Node] { nodes ?? [] }
  static func buildEither(first nodes: [Node]) -> [Node] { nodes }
  static func buildEither(second nodes: [Node]) -> [Node] { nodes }
  static func buildArray(_ groups: [[Node]]) -> [Node] { groups.flatMap { $0 } }
}

func div(_ cls: String = "", @HTMLBuilder _ content: () -> [Node]) -> Node {
  Node(html: "<div class=\(cls)>" + content().map(\.html).joined() + "</div>")
}
func text(_ s: String) -> Node { Node(html: s) }

struct Translations: Sendable { func t(_ key: String) -> String { key } }
struct Viewer: Sendable { var isAdmin = false; var name = "" }
struct Assets: Sendable { func url(_ s: String) -> String { s } }
struct CSRF: Sendable { var token = "x" }

struct Article { let title: String; let draft: Bool }

@dynamicMemberLookup struct Strings {
  let translations: Translations
  subscript(dynamicMember key: String) -> String { translations.t(key) }
  static func current(_ scope: ImplicitScope) -> Strings {
    @Implicit var translations: Translations
    return Strings(translations: translations)
  }
}

func translate(_ key: String, _ scope: ImplicitScope) -> String {
  @Implicit var translations: Translations
  return translations.t(key)
}

struct Avatar {
  let name: String
  func callAsFunction(_ scope: ImplicitScope) -> Node {
    @Implicit var assets: Assets // expected-note@:19 {{'Assets' is read here}}
    return text(assets.url(name))
  }
}

@HTMLBuilder func header(_ scope: ImplicitScope) -> [Node] {
  let strings = Strings.current(scope)
  text(strings.welcome)
  let viewer: Viewer = { @Implicit var viewer: Viewer; return viewer }()
  Avatar(name: viewer.name)(scope) // expected-note@:3 {{'Assets' is required by the call to 'callAsFunction(_:)' here}}
  if viewer.isAdmin {
    adminBar(scope)
  }
}

func adminBar(_ scope: ImplicitScope) -> Node {
  @Implicit var csrf: CSRF
  return text("<form token=\(csrf.token)>")
}

func articleList(_ articles: [Article], _ scope: ImplicitScope) -> Node {
  div("list") { // expected-note@:15 {{'Assets' is required by the closure created here}}
    header(scope) // expected-note@:5 {{'Assets' is required by the call to 'header(_:)' here}}
    for article in articles.sorted(by: { $0.title < $1.title }) where !article.draft {
      div { text(article.title) }
    }
    if articles.isEmpty {
      text(translate("empty", scope))
    } else {
      text("\(articles.count)")
    }
  }
}

func render(_ articles: [Article]) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var translations = Translations()
  @Implicit var viewer = Viewer(isAdmin: true, name: "ann")
  @Implicit var assets = Assets()
  @Implicit var csrf = CSRF()
  return articleList(articles, scope).html
}

func renderWithoutAssets(_ articles: [Article]) -> String {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Assets' at this entry point}}
  defer { scope.end() }
  @Implicit var translations = Translations()
  @Implicit var viewer = Viewer(isAdmin: false, name: "bob")
  @Implicit var csrf = CSRF()
  return articleList(articles, scope).html // expected-note@:10 {{'Assets' is required by the call to 'articleList(_:_:)' here}}
}
