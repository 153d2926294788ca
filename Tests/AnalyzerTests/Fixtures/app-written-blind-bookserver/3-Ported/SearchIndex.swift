import Core
import Implicits

/// A word index over the store's titles; building it is the expensive part, so it is
/// declared lazily.
public final class SearchIndex: Sendable {
  public let words: [String: [Int]]
  public let builtFrom: Int

  init(words: [String: [Int]], builtFrom: Int) {
    self.words = words
    self.builtFrom = builtFrom
  }

  /// Builds the index from the store in scope.
  static func build(_ scope: ImplicitScope) -> SearchIndex {
    @Implicit var store: BookStore
    @Implicit var logger: Logger
    var words: [String: [Int]] = [:]
    let books = store.all
    for book in books {
      for word in book.title.lowercased().split(separator: " ") {
        words[String(word), default: []].append(book.id)
      }
    }
    logger.log("index built from \(books.count) books")
    return SearchIndex(words: words, builtFrom: books.count)
  }

  func ids(matching query: String) -> [Int] {
    words[query.lowercased()] ?? []
  }
}

extension ImplicitsKeys {
  static let shelfTitle = Key<String>()
  static let pageSize = Key<Int>(default: 2)
}

/// Finds books by title word, a page at a time.
func search(_ query: String, page: Int, _ scope: ImplicitScope) -> [Book] {
  @Implicit var index: SearchIndex
  @Implicit var store: BookStore
  @Implicit(\.pageSize) var pageSize: Int
  let ids = index.ids(matching: query)

  func pageBounds() -> Range<Int> {
    let start = min(page * pageSize, ids.count)
    return start..<min(start + pageSize, ids.count)
  }

  return ids[pageBounds()].compactMap { store[$0, scope] }
}
