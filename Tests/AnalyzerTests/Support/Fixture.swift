#if ImplicitsAnalysis
import Foundation
@testable import ImplicitsAnalysis

/// One fixture of `Fixtures/`: a single file, a directory (one module of several files),
/// or a directory of `N-Module` directories (modules analysed in order, each depending on
/// the interfaces of those before it).
///
/// Directives in any source file:
/// - `// expected-error@:17 [unresolved-implicit] {{text}}`: an error with that ID at column
///   17 of this line whose message contains `text`; `expected-warning` likewise.
/// - `// expected-note@+1:5 {{text}}`: a note (notes have no ID) at column 5 of the next
///   line; `@-n` and `@+n` offset the line.
///   Column and ID are required: a directive without them is reported as malformed.
///   A path into the fixtures in a message is written relative to `Fixtures/`.
/// - `// analyzer-define: NAME` passes `--define NAME`; `// analyzer-flag: enable-exporting`.
/// - `// analyzer-known-issue: what the analyzer gets wrong`: the expectations are what is
///   right, the analyzer does not meet them yet (Swift Testing's `withKnownIssue`); the
///   fixture fails once it does, until the directive is removed.
/// - `@testable import M` makes `M` a testable dependency.
///
/// A directory holding only `overlay.diff` is another fixture plus small edits (a planted
/// copy: the base app with a few errors put in, each with its expectations): see `Overlay`.
struct Fixture: CustomStringConvertible, Sendable {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  let name: String
  var description: String { name }

  struct Module {
    var name: String
    var files: [String]
  }

  static var all: [Fixture] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map(Fixture.init)
  }

  var modules: [Module] {
    let path = Self.root.appendingPathComponent(name).path
    if name.hasSuffix(".swift") { return [Module(name: "Fixture", files: [path])] }
    if FileManager.default.fileExists(atPath: path + "/" + Overlay.fileName) {
      // Files written on each call, to the same paths: the expectations read them.
      return (try? Overlay.materialize(name)) ?? []
    }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    let directories = entries.filter { !$0.hasSuffix(".swift") && !$0.hasPrefix(".") }
    if directories.isEmpty {
      return [Module(name: "Fixture", files: entries.filter { $0.hasSuffix(".swift") }.map { path + "/" + $0 })]
    }
    return directories.map { directory in
      let files = ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + directory)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted().map { path + "/" + directory + "/" + $0 }
      return Module(name: String(directory.drop { $0 != "-" }.dropFirst()), files: files)
    }
  }

  struct Expectation: Hashable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    /// `nil` for notes.
    var id: String?
    var text: String
    var description: String {
      "\((file as NSString).lastPathComponent):\(line):\(column): \(severity): \(id.map { "[\($0)] " } ?? "")\(text)"
    }

    /// Whether `diagnostic` (an actual one) is what this expectation announces.
    func matches(_ diagnostic: Expectation) -> Bool {
      file == diagnostic.file && line == diagnostic.line && column == diagnostic.column
        && severity == diagnostic.severity && id == diagnostic.id && diagnostic.text.contains(text)
    }
  }

  /// The expectations of one file, and the lines holding a directive that does not parse
  /// (so that a typo cannot silently drop an expectation).
  static func expectations(in path: String) -> (expectations: [Expectation], malformed: [String]) {
    guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { return ([], []) }
    var result: [Expectation] = []
    var malformed: [String] = []
    let pattern = try! NSRegularExpression(
      pattern: #"expected-(error|note|warning)@([+-]\d+)?:(\d+)(?: \[([a-z0-9-]+)\])? \{\{(.*?)\}\}"#)
    let anyDirective = try! NSRegularExpression(pattern: #"expected-(error|note|warning)"#)
    for (index, line) in source.components(separatedBy: "\n").enumerated() {
      let range = NSRange(line.startIndex..., in: line)
      let matches = pattern.matches(in: line, range: range)
      if matches.count != anyDirective.numberOfMatches(in: line, range: range) {
        malformed.append("\((path as NSString).lastPathComponent):\(index + 1): \(line)")
      }
      for match in matches {
        func group(_ number: Int) -> String? { Range(match.range(at: number), in: line).map { String(line[$0]) } }
        let severity = group(1)!
        let id = group(4)
        if (severity == "note") != (id == nil) {
          malformed.append("\((path as NSString).lastPathComponent):\(index + 1): errors and warnings need an [id], notes have none: \(line)")
        }
        result.append(Expectation(
          file: path, line: index + 1 + (group(2).map { Int($0)! } ?? 0), column: Int(group(3)!)!,
          severity: severity, id: id, text: group(5)!))
      }
    }
    return (result, malformed)
  }

  static func directives(_ name: String, in files: [String]) -> [String] {
    files.flatMap { path -> [String] in
      let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      return source.components(separatedBy: "\n").compactMap { line in
        guard let range = line.range(of: "// \(name): ") else { return nil }
        return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// Analyses every module in order; returns all diagnostics (notes flattened) as
  /// expectations, plus the results.
  /// - Parameter keepsBodyEffects: `AnalysisOptions.keepsBodyEffects` (`check` sets `false`).
  func run(keepsBodyEffects: Bool = true) throws -> (diagnostics: [Expectation], results: [AnalysisResult]) {
    try Self.run(modules, keepsBodyEffects: keepsBodyEffects)
  }

  /// `run()` for the given modules (an overlay's, written elsewhere: `root` is taken out of
  /// paths in messages, as the fixtures' root is).
  static func run(
    _ modules: [Module], root: URL = Overlay.root, keepsBodyEffects: Bool = true
  ) throws -> (diagnostics: [Expectation], results: [AnalysisResult]) {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("implicits-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    var interfaces: [String] = []
    var diagnostics: [Expectation] = []
    var results: [AnalysisResult] = []
    for module in modules {
      var options = AnalysisOptions(moduleName: module.name, sourcePaths: module.files)
      options.dependencyInterfaces = interfaces
      options.defines = Self.directives("analyzer-define", in: module.files)
      options.enableExporting = Self.directives("analyzer-flag", in: module.files).contains("enable-exporting")
      options.keepsBodyEffects = keepsBodyEffects
      let texts = module.files.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
      options.testableDependencies = modules.map(\.name).filter { name in
        texts.contains { $0.contains("@testable import \(name)") }
      }
      let result = try Analyzer.analyze(options)
      results.append(result)
      for diagnostic in result.diagnostics {
        func expectation(_ location: SourceLoc, _ severity: String, _ id: DiagnosticID?, _ message: String) -> Expectation {
          Expectation(
            file: result.paths[Int(location.file)], line: Int(location.line), column: Int(location.column),
            // Paths into other modules (notes down a dependency's chain) relative to the fixtures.
            severity: severity, id: id?.rawValue,
            text: message.replacingOccurrences(of: Self.root.path + "/", with: "")
              .replacingOccurrences(of: root.path + "/", with: ""))
        }
        diagnostics.append(expectation(diagnostic.location, diagnostic.severity.rawValue, diagnostic.id, diagnostic.message))
        for note in diagnostic.notes { diagnostics.append(expectation(note.location, "note", nil, note.message)) }
      }
      let interfacePath = temporary.appendingPathComponent(module.name + ".implicitinterface").path
      try Data(result.interface.encoded()).write(to: URL(fileURLWithPath: interfacePath))
      interfaces.append(interfacePath)
    }
    return (diagnostics, results)
  }
}
#endif
