// The sixth blind round's program with seven planted errors, each first confirmed to stop
// the program at run time with a missing-implicit message naming the planted key:
// RequestContext no longer declared by the server loop (2-Server/BookServer.swift),
// '\.userName' declared after the lend (Subcommands.swift), a wrapper as a `lazy var`'s
// value (3-Ported/LibraryViewModel.swift), the test's trait without the Quota
// (ServerTests.swift), the queue's Logger declared in a nested scope only (below),
// '\.requestID' of the preview declared under `#if DEBUG` only (3-Ported/Preview.swift, a
// release build stops) and '\.serverName' declared after the verbose branch (Subcommands.swift).
import Core
import Implicits
import Ported
import Server

@main
struct ShelfTool {
  static func main() async throws {
    let store = BookStore.sample()
    let logger = Logger(label: "shelf")
    let lines = try await runAll(store: store, logger: logger)
    for line in lines { print(line) }
    print("--- log")
    for line in logger.lines { print(line) }
    print("shelf tool finished")
  }

  /// Runs every subcommand once, as a smoke test of the tool.
  static func runAll(store: BookStore, logger: Logger) async throws -> [String] {
    var output: [String] = []
    let commandLines: [[String]] = [
      ["list"],
      ["--verbose", "list", "Herbert"],
      ["add", "Beloved", "Morrison", "3"],
      ["--user", "ada", "--max-loans", "1", "lend", "4"],
      ["--epoch", "7", "report", "plain"],
      ["report", "summary"],
      ["--verbose", "serve", "2"],
      ["--user", "ada", "library", "dune"],
    ]
    for arguments in commandLines {
      let (options, command) = try parse(arguments)
      output.append("$ shelf \(arguments.joined(separator: " "))")
      switch command {
      case .list(let author):
        output += try ListCommand(options: options, author: author, store: store, logger: logger).run()
      case let .add(title, author, copies):
        let book = Book(id: store.all.count + 1, title: title, author: author, copies: copies)
        output.append(try AddCommand(options: options, book: book, store: store, logger: logger).run())
      case .lend(let id):
        output.append(try LendCommand(options: options, id: id, store: store, logger: logger).run())
      case .report(let format):
        output.append(ReportCommand(options: options, format: format, store: store, logger: logger).run())
      case .serve(let batches):
        let stats = try await ServeCommand(options: options, batches: batches, store: store, logger: logger).run()
        output.append("served \(stats.served), failed \(stats.failed), closed \(stats.closedSessions)")
      case .library(let query):
        output += LibraryCommand(options: options, query: query, store: store, logger: logger).run()
      }
    }
    output.append(contentsOf: previewAndQueue())
    return output
  }

  /// The preview host and the work queue, outside any command.
  static func previewAndQueue() -> [String] {
    let preview = PreviewHost()
    preview.renderPreview()
    let queue = WorkQueue()
    withScope { scope in  // planted, the queue's Logger is declared in a nested scope only: expected-error@:5 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
      @Implicit(\.requestID) var requestID = "queued"
      withScope(nesting: scope) { scope in
        @Implicit var logger = Logger(label: "queue")
        queue.enqueue("first", scope)
      }
      queue.enqueue("second", scope)  // expected-note@:7 {{'Logger' is required by the call to 'enqueue(_:_:)' here}} expected-note@:7 {{'Logger' is required by the call to 'audit(_:_:)' in a closure in 'WorkQueue.enqueue(_:_:)'}} expected-note@:7 {{'Logger' is read in 'audit(_:_:)'}}
    }
    return preview.rendered + queue.drain()
  }
}
