import Core
import Implicits

/// The library screen, written as yandex/implicits' README writes view models: stored
/// implicits, a bag kept for later, and wrapped callbacks.
public final class LibraryViewModel {
  @Implicit() var store: BookStore
  @Implicit var logger: Logger
  private let implicits = #implicits

  /// Runs a search with what the view model was created with.
  public let onSearch: (String) -> [Book]
  public private(set) var refreshCount = 0

  /// The share sheet's title, made when first shared.
  public lazy var onShare: () -> String = withShareImplicits { scope in  // planted, the wrapper runs when onShare is first read, after the scope that declares '\.shelfTitle' ended: expected-error@:43 [closure-wrapper-outside-scope] {{closure wrapper 'withShareImplicits' is called where no scope is open, so it has nothing to capture}}
    @Implicit(\.shelfTitle) var title: String
    return "Share \(title)"
  }

  public init(_ scope: ImplicitScope) {
    onSearch = withSearchImplicits { (query: String, scope) in
      search(query, page: 0, scope)
    }
  }

  /// The header, built on first use from the bag.
  public lazy var header: String = withScope(with: implicits) { scope in
    @Implicit(\.shelfTitle) var title: String
    return "\(title) — \(store.all.count) books"
  }

  /// How many books are on loan right now, under the quota of the scope that made us.
  public var loanSummary: String {
    withScope(with: implicits) { scope in
      @Implicit var quota: Quota
      @Implicit(\.userName) var user: String
      return "\(user): \(store.loans(of: user).count)/\(quota.maxLoans)"
    }
  }

  public subscript(page page: Int, query query: String) -> [Book] {
    withScope(with: implicits) { scope in search(query, page: page, scope) }
  }

  public func refresh() {
    refreshCount += 1
    withScope(with: implicits) { scope in
      trace("refresh \(refreshCount)", scope)
    }
    logger.log("refreshed \(refreshCount) times")
  }
}

/// Opens the library screen the way the app's router does: a lazy index, the shelf's
/// title derived from the server's name, a wrapped "done" callback.
public func openLibrary(_ scope: ImplicitScope) -> (LibraryViewModel, () -> String) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(.lazy) var index = SearchIndex.build(scope)
  Implicit.map(\.serverName, to: \.shelfTitle) { "Shelf of \($0)" }
  let model = LibraryViewModel(scope)
  let done: () -> String = withDoneImplicits { scope in
    @Implicit var logger: Logger
    @Implicit(\.shelfTitle) var title: String
    logger.log("closed \(title)")
    return title
  }
  return (model, done)
}
