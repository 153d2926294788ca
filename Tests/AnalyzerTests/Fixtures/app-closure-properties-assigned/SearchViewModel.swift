import Implicits

struct SearchIndex { init() {} }
struct SearchHistory { init() {} }

func search(_ text: String, _ scope: ImplicitScope) {
  @Implicit var index: SearchIndex
}

func clearHistory(_ scope: ImplicitScope) {
  @Implicit var history: SearchHistory // expected-note@:17 {{'SearchHistory' is read here}}
}

final class SearchViewModel {
  typealias ClearAction = (ImplicitScope) -> Void

  var onChange: ((String, ImplicitScope) -> Void)?
  private(set) var onClear: ClearAction?
  var query = ""

  init() {
    // Correct: a bare name is the property in a member.
    onChange = { text, scope in search(text, scope) }
  }

  func bindClear() {
    // Correct: `self.`, and a nested alias of the type.
    self.onClear = { scope in clearHistory(scope) } // expected-note@:20 {{'SearchHistory' is required by the closure created here}} // expected-note@:31 {{'SearchHistory' is required by the call to 'clearHistory(_:)' here}}
  }

  func rebind(later schedule: (@escaping () -> Void) -> Void) {
    schedule { [weak self] in
      self?.onChange = { text, scope in search(text, scope) }
    }
  }

  func type(_ text: String, _ scope: ImplicitScope) {
    query = text
    onChange?(text, scope)
  }

  func clear(_ scope: ImplicitScope) {
    query = ""
    onClear?(scope) // expected-note@:5 {{'SearchHistory' is required by the 'SearchViewModel.ClearAction' closures this call may run}}
  }
}

/// Typing searches the index.
func typeQuery(_ model: SearchViewModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var index = SearchIndex()
  model.type("swift", scope)
}

// Broken: clearing needs the history, which this entry point does not declare.
func clearQuery(_ model: SearchViewModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'SearchHistory' at this entry point}}
  defer { scope.end() }
  @Implicit var index = SearchIndex()
  model.clear(scope) // expected-note@:3 {{'SearchHistory' is required by the call to 'clear(_:)' here}}
}
