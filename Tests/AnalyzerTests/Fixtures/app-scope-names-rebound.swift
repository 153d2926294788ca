// A name that is not an ImplicitScope is never a scope: `if let scope = …`,
// `guard let scope = …` and `for scope in …` binding another value hide a scope of
// that name, in the block they bind it for; after that block the name is the scope again.
import Implicits

struct Section { var title: String }
struct Analytics { init() {} }
struct Theme { init() {} }

func track(_ section: Section) {}
func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

func highlight(_ index: Int) {}

func applyTheme(_ scope: ImplicitScope) {
  @Implicit var theme: Theme
}

final class FeedViewModel {
  var pinned: Section?
  var sections: [Section] = []
  init() {}

  func reload(_ scope: ImplicitScope, selection: [String: Int]) {
    applyTheme(scope)
    if let scope = pinned {
      track(scope)
    }
    for scope in sections {
      track(scope)
    }
    while let scope = selection["next"] {
      highlight(scope)
    }
    guard let scope = sections.first else { return }
    track(scope)
  }

  // Broken: after the `if let` block, `scope` is the parameter again.
  func reloadPinned(_ scope: ImplicitScope) {
    if let scope = pinned {
      track(scope)
    }
    track(scope) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:)' here}}
  }
}

func openFeed(_ model: FeedViewModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  model.reload(scope, selection: [:])
}

func openPinned(_ model: FeedViewModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  model.reloadPinned(scope) // expected-note@:3 {{'Analytics' is required by the call to 'reloadPinned(_:)' here}}
}
