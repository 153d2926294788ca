// A property observer has no scope parameter: it restores the bag its type stored.
import Implicits

struct SearchIndex { init() {} }

func search(_ query: String, _ scope: ImplicitScope) -> [String] {
  @Implicit var index: SearchIndex // expected-note@:17 {{'SearchIndex' is read here}}
  return []
}

final class SearchModel {
  private let implicits = #implicits // expected-note@:27 {{'SearchIndex' is captured by the '#implicits' bag here}}
  private(set) var results: [String] = []

  var query = "" {
    didSet {
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      results = search(query, scope) // expected-note@:17 {{'SearchIndex' is required by the call to 'search(_:_:)' here}}
    }
  }

  var filter = "" {
    willSet {
      @Implicit var index: SearchIndex // expected-error@:21 [implicit-without-scope-parameter] {{implicit 'SearchIndex' used in}}
    }
  }

  init(_ scope: ImplicitScope) {}
}

func makeSearch() -> SearchModel {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'SearchIndex' at this entry point}}
  defer { scope.end() }
  return SearchModel(scope) // expected-note@:10 {{'SearchIndex' is}}
}
