#if ImplicitsAnalysis
import ArgumentParser
import Foundation
import ImplicitsAnalysis

/// `implicits-analyzer check|graph|explain`: the command line of analyzer.md §3.
struct ImplicitsAnalyzerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "implicits-analyzer",
    abstract: "Proves at build time that every implicit is provided.",
    version: AnalyzerVersion.current,
    subcommands: [Check.self, Graph.self, Explain.self, ParseFloorCommand.self])

  /// Exit statuses are a contract: 0 clean, 1 errors reported, 2 usage/I-O/malformed input.
  static func runAndExit() -> Never {
    do {
      let (options, positionals) = try SourceArguments.split(Array(CommandLine.arguments.dropFirst()))
      var command = try parseAsRoot(options)
      if var takesPositionals = command as? any TakesPositionals {
        takesPositionals.sources += positionals
        command = takesPositionals
      } else if let first = positionals.first {
        throw ValidationError("unexpected argument '\(first)'")
      }
      try command.run()
      Foundation.exit(0)
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch let failure as AnalysisFailure {
      FileHandle.standardError.write(Data((failure.description + "\n").utf8))
      Foundation.exit(2)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(2)
    }
  }
}

/// The inputs every subcommand shares.
struct InputOptions: ParsableArguments {
  @Option(help: "Name of the module being analysed.")
  var moduleName: String

  @Option(help: "Interface of an imported module (repeatable).")
  var dependencyInterface: [String] = []

  @Option(help: "A dependency imported with @testable (repeatable).")
  var testableDependency: [String] = []

  @Option(help: "Active compilation condition (repeatable).")
  var define: [String] = []

  @Flag(help: "Check that functions marked @_spi(Implicits) are public implicit functions (no wrappers are generated).")
  var enableExporting = false

  func options(sources: [String]) -> AnalysisOptions {
    var options = AnalysisOptions(moduleName: moduleName, sourcePaths: sources)
    options.dependencyInterfaces = dependencyInterface
    options.testableDependencies = testableDependency
    options.defines = define
    options.enableExporting = enableExporting
    return options
  }
}

extension DiagnosticsFormat: ExpressibleByArgument {}
extension GraphFormat: ExpressibleByArgument {}

struct Check: TakesPositionals {
  static let configuration = CommandConfiguration(abstract: "Report every unmet implicit requirement.")

  @OptionGroup var inputs: InputOptions

  @Option(help: "Write this module's .implicitinterface here.")
  var interfaceOutput: String?

  @Option(help: "Write the generated Swift support code here.")
  var supportFileOutput: String?

  @Option(help: "text (swiftc style, on stderr) or json (on stdout).")
  var diagnosticsFormat: DiagnosticsFormat = .text

  @Option(help: "Directory for cached results: each file's are reused until it changes, and a re-run with no change replays the last check.")
  var cacheDir: String?

  /// Hidden, for the edit loops (`Tests/Incremental`): which shows that a re-check reused
  /// interface entries, since its outputs alone cannot (they equal a cold check's).
  @Option(help: ArgumentHelp(
    "Write how many interface entries were copied from the last run and how many printed.", visibility: .hidden))
  var reuseReport: String?

  @Flag(help: .hidden)
  var experimentalGraphCache = false

  @Argument(help: "Swift source files of the module (or @file listing them).")
  var sources: [String] = []

  func run() throws {
    MallocArenas.limit()
    FreedMemory.isReleased = true
    var check = CheckRun(
      options: inputs.options(sources: sources), format: diagnosticsFormat,
      interfaceOutput: interfaceOutput, supportFileOutput: supportFileOutput, cacheDirectory: cacheDir)
    check.releasesAnalysis = false
    // Hidden: the solved graph kept in the cache for the change-driven graph's step 4 (`GraphFile`).
    check.writesGraph = experimentalGraphCache
    let report = try check.run()
    for warning in report.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
    if let reuseReport { try Self.reuseLine(report).write(toFile: reuseReport, atomically: false, encoding: .utf8) }
    switch diagnosticsFormat {
    case .text: FileHandle.standardError.write(Data(report.diagnostics.utf8))
    case .json: FileHandle.standardOutput.write(Data(report.diagnostics.utf8))
    }
    if report.errorCount > 0 { throw ExitCode(1) }
  }

  /// `copied C printed P` (the interface's function entries), or `no interface written`
  /// (none asked for, or the last check replayed whole from the cache).
  static func reuseLine(_ report: CheckRun.Report) -> String {
    guard let entries = report.interfaceEntries else { return "no interface written\n" }
    return "copied \(report.reusedEntries) printed \(entries - report.reusedEntries)\n"
  }
}

struct Graph: TakesPositionals {
  static let configuration = CommandConfiguration(abstract: "Print the provides/requires graph.")

  @OptionGroup var inputs: InputOptions

  @Option(help: "dot (Graphviz) or json.")
  var format: GraphFormat = .dot

  @Argument(help: "Swift source files of the module (or @file listing them).")
  var sources: [String] = []

  func run() throws {
    let result = try Analyzer.analyze(inputs.options(sources: sources))
    print(result.renderGraph(format), terminator: "")
  }
}

/// Hidden: parses the sources and nothing else, for the benchmark's floor (`ParseFloor`).
struct ParseFloorCommand: TakesPositionals {
  static let configuration = CommandConfiguration(
    commandName: "parse-floor", abstract: "Only parse the sources (benchmark floor).", shouldDisplay: false)

  @Argument(help: "Swift source files (or @file listing them).")
  var sources: [String] = []

  @Option(help: "Also walk each tree this many times with a visitor that does nothing but count tokens.")
  var walks = 0

  func run() throws {
    guard walks > 0 else {
      print("parsed \(try ParseFloor.parse(sources)) bytes")
      return
    }
    let (bytes, tokens) = try ParseFloor.parse(sources, walks: walks)
    print("parsed \(bytes) bytes; walked \(tokens) tokens")
  }
}

struct Explain: TakesPositionals {
  static let configuration = CommandConfiguration(
    abstract: "Explain what a function requires and through which calls, or who provides and reads a key.")

  @OptionGroup var inputs: InputOptions

  @Argument(help: "Swift source files, then the function (`foo`, `foo(_:)`, `Type.foo(_:)`) or key (`Type`, `\\.name`).")
  var sources: [String] = []

  func run() throws {
    guard sources.count >= 2 else {
      throw AnalysisFailure(description: "error: expected source files followed by a function or key\n"
        + Self.helpMessage())
    }
    let result = try Analyzer.analyze(inputs.options(sources: Array(sources.dropLast())))
    guard let text = result.explain(sources.last!) else {
      throw AnalysisFailure(description: "error: no function or key named '\(sources.last!)' in module '\(inputs.moduleName)'")
    }
    print(text, terminator: "")
  }
}
#endif
