#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The output README and DocC *Build-time analysis* quote for `Examples/Broken` is what the
/// analyzer prints for it now: its three modules analysed in order, each reading the
/// interfaces written by this run (never ones left in a `.build` by an older analyzer,
/// which may lack the steps inside a dependency that the notes follow).
@Suite struct BrokenExampleOutputTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The analyzer's text output for `Examples/Broken`, paths relative to the repository.
  static func freshOutput() throws -> [String] {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("broken-example-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    var interfaces: [String] = []
    var lines: [String] = []
    for module in ["ShopCore", "ShopFeatures", "ShopApp"] {
      // The symlinked sources by their paths in Examples/Broken, as its build passes them.
      let directory = "Examples/Broken/Sources/" + module
      let path = repository.appendingPathComponent(directory).path
      let files = try FileManager.default.contentsOfDirectory(atPath: path)
        .filter { $0.hasSuffix(".swift") }.sorted().map { path + "/" + $0 }
      var options = AnalysisOptions(moduleName: module, sourcePaths: files)
      options.dependencyInterfaces = interfaces
      let result = try Analyzer.analyze(options)
      lines += result.renderDiagnostics(.text).split(separator: "\n")
        .map { $0.replacingOccurrences(of: repository.path + "/", with: "") }
      let interface = temporary.appendingPathComponent(module + ".implicitinterface").path
      try Data(result.interface.encoded()).write(to: URL(fileURLWithPath: interface))
      interfaces.append(interface)
    }
    return lines
  }

  /// The lines of the first fenced block of `document` that quotes `Examples/Broken`'s error.
  static func quotedBlock(in document: String) throws -> [String] {
    let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
    let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    let block = try #require(blocks.first { $0.contains("error: unresolved implicit 'PaymentGateway'") })
    return block.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") || $0.contains(": note: ") }
  }

  /// README quotes the paths as the repository has them; DocC as an app's `Sources/`.
  @Test(arguments: [
    ("README.md", ""),
    ("Sources/Implicits/Documentation.docc/Articles/BuildTimeAnalysis.md", "Examples/Broken/"),
  ])
  func quotedOutputIsTheAnalyzersOutput(document: String, stripped: String) throws {
    let actual = try Self.freshOutput().map { $0.replacingOccurrences(of: stripped, with: "") }
    let quoted = try Self.quotedBlock(in: document)
    #expect(quoted == actual, "\(document) quotes:\n\(quoted.joined(separator: "\n"))\nthe analyzer prints:\n\(actual.joined(separator: "\n"))")
  }
}
#endif
