import Implicits

struct Title {
  let text: String
}

func shareText(_ scope: ImplicitScope) -> String {
  @Implicit var title: Title
  return "Share " + title.text
}

// A stored property's wrapper captures its bag when `init(_ scope:)` runs.
final class ShareModel {
  let onShare: () -> String = withShareImplicits { scope in shareText(scope) }

  init(_ scope: ImplicitScope) {}
}

// A `lazy var`'s wrapper runs when the property is first read, wherever that is: no scope
// is open there for the analyzer, and at run time the bag holds what is visible then.
final class LazyShareModel {
  lazy var onShare: () -> String = withLazyShareImplicits { scope in shareText(scope) }  // expected-error@:36 [closure-wrapper-outside-scope] {{closure wrapper 'withLazyShareImplicits' is called where no scope is open}}

  init(_ scope: ImplicitScope) {}
}

func makeModels() -> (ShareModel, LazyShareModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var title = Title(text: "shelf")
  return (ShareModel(scope), LazyShareModel(scope))
}
