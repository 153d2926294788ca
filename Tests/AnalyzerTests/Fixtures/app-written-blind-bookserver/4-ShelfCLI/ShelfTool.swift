// Sixth blind round (issue 18 item 8): a book shelf's server, command-line tool and
// tests, written from README and DocC before running the analyzer, and run against the
// runtime alone (a `traits: []` package; `#implicits` spelled `Implicits.captureAll()`, the
// named keys' accessors and the `with…Implicits` wrappers written by hand as the plugin
// generates them): every subcommand, a concurrent server of two batches and five tests
// run to the end. It gets no false error since the middleware composed by hand is followed.
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
    withScope { scope in
      @Implicit var logger = Logger(label: "queue")
      @Implicit(\.requestID) var requestID = "queued"
      queue.enqueue("first", scope)
      queue.enqueue("second", scope)
    }
    return preview.rendered + queue.drain()
  }
}
