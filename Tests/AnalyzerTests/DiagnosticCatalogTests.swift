#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The DocC article "Analyzer diagnostics" documents every diagnostic ID, each with code
/// that triggers it and code that does not, and documents nothing else.
@Suite struct DiagnosticCatalogTests {
  static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/Implicits/Documentation.docc/Articles/AnalyzerDiagnostics.md")

  /// `### \`id\`` heading → the text up to the next heading.
  static func sections() throws -> [String: String] {
    let text = try String(contentsOf: article, encoding: .utf8)
    var sections: [String: String] = [:]
    var current: String?
    var inCode = false
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") { inCode.toggle() }
      if !inCode, line.hasPrefix("#") {
        current = nil
        if line.hasPrefix("### `"), let end = line.dropFirst(5).firstIndex(of: "`") {
          current = String(line.dropFirst(5)[..<end])
          sections[current!] = ""
        }
      } else if let current {
        sections[current]! += line + "\n"
      }
    }
    return sections
  }

  @Test(arguments: DiagnosticID.allCases)
  func everyIDIsDocumentedWithAWrongAndARightExample(_ id: DiagnosticID) throws {
    let section = try #require(try Self.sections()[id.rawValue], "no '### `\(id.rawValue)`' section")
    #expect(section.contains("// Wrong"), "no wrong example for \(id.rawValue)")
    #expect(section.contains("// Right"), "no right example for \(id.rawValue)")
  }

  @Test func documentsNoUnknownID() throws {
    let known = Set(DiagnosticID.allCases.map(\.rawValue))
    #expect(Set(try Self.sections().keys).subtracting(known).isEmpty)
  }

  @Test func idsAreKebabCaseAndUnique() {
    let ids = DiagnosticID.allCases.map(\.rawValue)
    #expect(Set(ids).count == ids.count)
    for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)") }
  }
}
#endif
