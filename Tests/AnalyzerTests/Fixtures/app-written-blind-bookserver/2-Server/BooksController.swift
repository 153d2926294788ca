import Core
import Implicits

/// The /books routes as methods; the server registers them in closures.
final class BooksController: Sendable {
  let sessions: SessionStore

  init(sessions: SessionStore) {
    self.sessions = sessions
  }

  func list(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var store: BookStore
    let books = store.all.filter { book in
      guard let author = request.query["author"] else { return true }
      return book.author == author
    }
    let lines = renderAll(books, with: PlainRenderer(), scope)
    return Response(body: lines.joined(separator: "\n"))
  }

  func details(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    guard let text = request.query["id"], let id = Int(text) else {
      return .badRequest("missing id")
    }
    async let book = fetch(id, scope)
    async let waiting = waitingList(for: id, scope)
    guard let found = try await book else { return .notFound("/books?id=\(id)") }
    let queue = await waiting
    return Response(body: "\(found.title), \(queue) waiting", headers: ["X-Book": "\(found.id)"])
  }

  func lend(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var store: BookStore
    guard let text = request.query["id"], let id = Int(text) else {
      return .badRequest("missing id")
    }
    let session = await sessions.current(scope)
    do {
      let book = try store.lend(id, scope)
      return Response(body: "lent \(book.title) to \(session.user)")
    } catch let error as StoreError {
      switch error {
      case .unknownBook(let id):
        return .notFound("/books/\(id)")
      case .noCopiesLeft(let title):
        return Response(status: 409, body: "no copies of \(title) left")
      case .overQuota(let user, let limit):
        return Response(status: 429, body: "\(user) already has \(limit) books")
      }
    }
  }

  private func fetch(_ id: Int, _ scope: ImplicitScope) async throws -> Book? {
    @Implicit var store: BookStore
    await Task.yield()
    return store[id, scope]
  }

  private func waitingList(for id: Int, _ scope: ImplicitScope) async -> Int {
    @Implicit var context: RequestContext
    trace("waiting list for \(id) in request \(context.id)", scope)
    return id % 3
  }
}
