// A closure given to an operator of a Combine pipeline (`$query.map { … }.sink { … }`) is
// kept by the publisher and runs on each value it sends, later: it escapes, whatever the
// operator is called. `map` and `filter` of a sequence still run in place. The pipeline's
// `map` was read as a sequence's, so a read there that stops the program when a value
// comes after the scope ended went unreported (found by the session-27 hunt).
import Combine

struct Formatter { init() {} }
struct Analytics { init() {} }

func format(_ text: String, _ scope: ImplicitScope) -> String {
  @Implicit var formatter: Formatter
  return text
}
func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

final class SearchModel {
  @Published var query = ""
  var results: [String] = []
  var subscriptions: Set<AnyCancellable> = []

  func bind(_ scope: ImplicitScope) {
    $query
      .map { format($0, scope) } // expected-error@:14 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
      .sink { [weak self] in self?.results = [$0] }
      .store(in: &subscriptions)
  }

  func bindWithBag(_ scope: ImplicitScope) {
    $query
      .map { [implicits = #implicits] text in
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return format(text, scope)
      }
      .sink { [weak self] in self?.results = [$0] }
      .store(in: &subscriptions)
  }

  func bindFiltered(_ items: [String], _ scope: ImplicitScope) -> AnyPublisher<String, Never> {
    items.publisher
      .filter { !format($0, scope).isEmpty } // expected-error@:18 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
      .eraseToAnyPublisher()
  }

  // A sequence's `map`, `filter`: in place.
  func refresh(_ items: [String], _ scope: ImplicitScope) {
    results = items.filter { !$0.isEmpty }.map { format($0, scope) }
    track("refresh", scope)
  }
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var formatter = Formatter()
  @Implicit var analytics = Analytics()
  let model = SearchModel()
  model.bind(scope)
  model.bindWithBag(scope)
  _ = model.bindFiltered(["a"], scope)
  model.refresh(["a"], scope)
}
