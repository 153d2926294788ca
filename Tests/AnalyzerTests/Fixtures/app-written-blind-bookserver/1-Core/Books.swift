#if canImport(Foundation)
import Foundation
#endif
import Implicits

public struct Book: Sendable, Equatable, CustomStringConvertible {
  public let id: Int
  public var title: String
  public var author: String
  public var copies: Int

  public init(id: Int, title: String, author: String, copies: Int) {
    self.id = id
    self.title = title
    self.author = author
    self.copies = copies
  }

  public var description: String { "#\(id) \(title) by \(author) (\(copies))" }
}

public enum StoreError: Error, Equatable {
  case unknownBook(Int)
  case noCopiesLeft(String)
  case overQuota(user: String, limit: Int)
}

/// The shelf's books and loans, shared by all request tasks.
public final class BookStore: @unchecked Sendable {
  private var books: [Int: Book]
  private var loans: [String: [Int]] = [:]
  #if canImport(Foundation)
  private let lock = NSLock()
  #endif

  public init(books: [Book]) {
    var byID: [Int: Book] = [:]
    for book in books { byID[book.id] = book }
    self.books = byID
  }

  public static func sample() -> BookStore {
    BookStore(books: [
      Book(id: 1, title: "Dune", author: "Herbert", copies: 2),
      Book(id: 2, title: "Emma", author: "Austen", copies: 1),
      Book(id: 3, title: "Ulysses", author: "Joyce", copies: 0),
    ])
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    #if canImport(Foundation)
    lock.lock()
    defer { lock.unlock() }
    #endif
    return try body()
  }

  public var all: [Book] { locked { books.values.sorted { $0.id < $1.id } } }

  /// A lookup that leaves a trace line for the current request.
  public subscript(id: Int, scope: ImplicitScope) -> Book? {
    trace("lookup \(id)", scope)
    return locked { books[id] }
  }

  public func add(_ book: Book, _ scope: ImplicitScope) {
    audit("add \(book.title)", scope)
    locked { books[book.id] = book }
  }

  public func loans(of user: String) -> [Int] { locked { loans[user] ?? [] } }

  /// Lends one copy to the signed-in user, within their quota.
  public func lend(_ id: Int, _ scope: ImplicitScope) throws -> Book {
    @Implicit(\.userName) var user: String
    @Implicit var quota: Quota
    let book: Book = try locked {
      guard var book = books[id] else { throw StoreError.unknownBook(id) }
      guard book.copies > 0 else { throw StoreError.noCopiesLeft(book.title) }
      var userLoans = loans[user] ?? []
      try checkQuota(&userLoans, adding: id, limit: quota.maxLoans, user: user)
      book.copies -= 1
      books[id] = book
      loans[user] = userLoans
      return book
    }
    audit("lend \(id) to \(user)", scope)
    return book
  }
}

/// Appends a loan if the user stays within the limit.
func checkQuota(_ loans: inout [Int], adding id: Int, limit: Int, user: String) throws {
  guard loans.count < limit else { throw StoreError.overQuota(user: user, limit: limit) }
  loans.append(id)
}
