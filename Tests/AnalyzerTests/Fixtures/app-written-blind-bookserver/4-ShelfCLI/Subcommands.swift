import Core
import Implicits
import Server
import Ported

/// Declares what every subcommand needs from the parsed options, then runs `body`.
func withCommandImplicits<T>(_ options: Options, _ store: BookStore, _ logger: Logger,
                             _ body: (ImplicitScope) throws -> T) rethrows -> T {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var options = options
  @Implicit var store = store
  @Implicit var logger = logger
  @Implicit(\.verbose) var verbose = options.verbose
  @Implicit(\.requestID) var requestID = "cli"
  @Implicit var clock = Clock(epoch: options.epoch)
  @Implicit var quota = Quota(maxLoans: options.maxLoans)
  return try body(scope)
}

struct ListCommand {
  let options: Options
  let author: String?
  let store: BookStore
  let logger: Logger

  func run() throws -> [String] {
    try withCommandImplicits(options, store, logger) { scope in
      let books = store.all.filter { author == nil || $0.author == author }
      return renderAll(books, with: PlainRenderer(), scope)
    }
  }
}

struct AddCommand {
  let options: Options
  let book: Book
  let store: BookStore
  let logger: Logger

  func run() throws -> String {
    guard book.copies > 0 else { throw UsageError.badNumber("\(book.copies)") }
    return withCommandImplicits(options, store, logger) { scope in
      store.add(book, scope)
      return describe(book, scope)
    }
  }
}

struct LendCommand {
  let options: Options
  let id: Int
  let store: BookStore
  let logger: Logger

  func run() throws -> String {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var options = options
    @Implicit var logger = logger
    @Implicit var quota = Quota(maxLoans: options.maxLoans)
    @Implicit(\.requestID) var requestID = "cli-lend"
    guard let user = options.user else { throw UsageError.missingValue("--user") }
    @Implicit(\.userName) var userName = user
    var lent: [String] = []
    try lendAll([id], into: &lent, scope)
    return lent.joined()
  }

  /// Lends each id in turn, collecting the titles.
  private func lendAll(_ ids: [Int], into titles: inout [String], _ scope: ImplicitScope) throws {
    for id in ids {
      titles.append(try store.lend(id, scope).title)
    }
  }
}

struct ReportCommand {
  let options: Options
  let format: ReportFormat
  let store: BookStore
  let logger: Logger

  func run() -> String {
    withCommandImplicits(options, store, logger) { scope in
      let report = Report.make(scope)
      switch format {
      case .plain:
        return report.make(scope)
      case .summary:
        let counts = tally(store.all, by: { $0.copies > 0 }, scope)
        return "available \(counts[true, default: 0]), out \(counts[false, default: 0])"
      }
    }
  }
}

struct ServeCommand {
  let options: Options
  let batches: Int
  let store: BookStore
  let logger: Logger

  func run() async throws -> ServerStats {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = store
    @Implicit var logger = logger
    @Implicit(\.serverName) var serverName = "shelf"
    @Implicit var quota = Quota(maxLoans: options.maxLoans)
    if options.verbose {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit(\.verbose) var verbose = true
      return try await serve(scope)
    }
    return try await serve(scope)
  }

  private func serve(_ scope: ImplicitScope) async throws -> ServerStats {
    let server = BookServer(tokens: ["tok-ada", "tok-bob"], scope)
    let requests: [Request] = [
      Request(.get, "/health"),
      Request(.get, "/books", query: ["author": "Austen"]),
      Request(.get, "/books/details", query: ["id": "1"]),
      Request(.post, "/books/lend", query: ["id": "1", "token": "tok-ada"]),
      Request(.get, "/whoami", query: ["token": "tok-bob"]),
      Request(.get, "/nowhere"),
      Request(.post, "/books/lend", query: ["id": "3", "token": "tok-ada"]),
      Request(.post, "/books/lend", query: ["token": "tok-bad"]),
      Request(.post, "/books", body: String(repeating: "x", count: 5_000)),
    ]
    let batchList = (0..<batches).map { _ in requests }
    return try await server.run(batches: batchList, scope)
  }
}

struct LibraryCommand {
  let options: Options
  let query: String
  let store: BookStore
  let logger: Logger

  func run() -> [String] {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = store
    @Implicit var logger = logger
    @Implicit(\.serverName) var serverName = "cli"
    @Implicit(\.userName) var userName = options.user ?? "guest"
    @Implicit var quota = Quota(maxLoans: options.maxLoans)
    let (model, done) = openLibrary(scope)
    var lines = model[page: 0, query: query].map(\.title)
    lines += model.onSearch(query).map { "again: \($0.title)" }
    lines.append(model.header)
    lines.append(model.loanSummary)
    model.refresh()
    lines.append(done())
    return lines
  }
}
