#if ImplicitsAnalysis
import ArgumentParser
import Foundation

/// Source file lists can be thousands of paths long. ArgumentParser's positional parsing
/// grows quadratically with them (5,000 files: ~0.5 s), so `runAndExit` takes the
/// positionals out of the command line, lets ArgumentParser parse the options, and hands
/// the positionals to the subcommand. `@path` arguments name response files, one path a
/// line, so build tools can avoid command-line length limits.
protocol TakesPositionals: ParsableCommand {
  var sources: [String] { get set }
}

enum SourceArguments {
  /// Options that take a value (the next argument is not a positional).
  static let valued: Set<String> = [
    "--module-name", "--dependency-interface", "--testable-dependency", "--interface-output",
    "--support-file-output", "--define", "--diagnostics-format", "--cache-dir", "--reuse-report", "--format",
    "--walks",
  ]
  static let subcommands: Set<String> = ["check", "graph", "explain", "parse-floor", "help"]

  /// Splits `arguments` into what ArgumentParser parses and the positionals after the
  /// subcommand name.
  static func split(_ arguments: [String]) throws -> (options: [String], positionals: [String]) {
    var options: [String] = []
    var positionals: [String] = []
    var index = 0
    var sawSubcommand = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      if argument.hasPrefix("-") {
        options.append(argument)
        if valued.contains(argument), index < arguments.count {
          options.append(arguments[index])
          index += 1
        }
      } else if !sawSubcommand && subcommands.contains(argument) {
        sawSubcommand = true
        options.append(argument)
      } else if sawSubcommand, argument.hasPrefix("@"), argument.count > 1 {
        positionals += try responseFile(String(argument.dropFirst()))
      } else if sawSubcommand {
        positionals.append(argument)
      } else {
        options.append(argument)
      }
    }
    return (options, positionals)
  }

  private static func responseFile(_ path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ValidationError("\(path): error: cannot read response file")
    }
    // Split as bytes: a list of 5,000 paths split by `Character` cost ~87 M instructions,
    // more than half of the analyzer's start; split as `Data`, each byte read went through
    // an exclusivity check (~3 ms of a re-check's start, before any other thread works).
    // Only line feeds and carriage returns end a line (CRLF lists leave no empty paths:
    // empty lines are dropped).
    return [UInt8](data).withUnsafeBufferPointer(lines)
  }

  /// The non-empty lines of `bytes`, split at line feeds and carriage returns.
  private static func lines(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var lines: [String] = []
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
      if index > start { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
      start = index + 1
    }
    return lines
  }
}
#endif
