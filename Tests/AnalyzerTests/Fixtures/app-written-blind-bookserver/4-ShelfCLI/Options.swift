import Core
import Implicits

/// The options every subcommand shares, parsed once.
struct Options: Sendable, Equatable {
  var verbose = false
  var user: String?
  var maxLoans = 2
  var epoch = 0
}

enum ReportFormat: String, Sendable {
  case plain
  case summary
}

/// A parsed command line.
enum Command: Equatable {
  case list(author: String?)
  case add(title: String, author: String, copies: Int)
  case lend(id: Int)
  case report(ReportFormat)
  case serve(batches: Int)
  case library(query: String)
}

enum UsageError: Error, Equatable {
  case missingCommand
  case unknownCommand(String)
  case missingValue(String)
  case badNumber(String)
}

/// Parses `[--verbose] [--user NAME] [--max-loans N] [--epoch N] COMMAND ARGS…`.
func parse(_ arguments: [String]) throws -> (Options, Command) {
  var options = Options()
  var rest = arguments[...]
  while let first = rest.first, first.hasPrefix("--") {
    rest = rest.dropFirst()
    switch first {
    case "--verbose":
      options.verbose = true
    case "--user":
      guard let name = rest.popFirst() else { throw UsageError.missingValue(first) }
      options.user = name
    case "--max-loans", "--epoch":
      guard let text = rest.popFirst() else { throw UsageError.missingValue(first) }
      guard let number = Int(text) else { throw UsageError.badNumber(text) }
      if first == "--epoch" { options.epoch = number } else { options.maxLoans = number }
    default:
      throw UsageError.unknownCommand(first)
    }
  }
  guard let name = rest.popFirst() else { throw UsageError.missingCommand }
  let command: Command
  switch name {
  case "list":
    command = .list(author: rest.first)
  case "add":
    guard let title = rest.popFirst(), let author = rest.popFirst(),
          let copiesText = rest.popFirst(), let copies = Int(copiesText)
    else { throw UsageError.missingValue("add") }
    command = .add(title: title, author: author, copies: copies)
  case "lend":
    guard let text = rest.first, let id = Int(text) else { throw UsageError.missingValue("lend") }
    command = .lend(id: id)
  case "report":
    guard let format = rest.first.flatMap(ReportFormat.init(rawValue:)) else {
      throw UsageError.missingValue("report")
    }
    command = .report(format)
  case "serve":
    command = .serve(batches: rest.first.flatMap { Int($0) } ?? 1)
  case "library":
    command = .library(query: rest.first ?? "")
  default:
    throw UsageError.unknownCommand(name)
  }
  return (options, command)
}
