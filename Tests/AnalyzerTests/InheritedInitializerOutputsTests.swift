#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The initializers a library's subclasses inherit, in every output: interface entries of
/// the subclass (`InheritedEntries`), `explain 'Sub.init(_:)'`, and a box in `graph`.
/// Over `app-inherited-initializer-in-interface/1-Base` (base and subclasses in two files).
@Suite struct InheritedInitializerOutputsTests {
  static func analyzeBase() throws -> AnalysisResult {
    let directory = Fixture.root.appendingPathComponent("app-inherited-initializer-in-interface/1-Base")
    return try Analyzer.analyze(AnalysisOptions(
      moduleName: "Base", sourcePaths: ["Base.swift", "Screens.swift"].map { directory.appendingPathComponent($0).path }))
  }

  /// Each inherited initializer is an entry of its subclass, with what the base's
  /// initializer requires and what the subclass's stored implicits read; the streamed
  /// text is the model's.
  @Test func interfaceListsEachInheritedInitializer() throws {
    let result = try Self.analyzeBase()
    let entries = result.interface.functions.map { ($0.type ?? "") + "." + $0.name + " " + $0.access + " " + $0.requires.joined(separator: ",") }
    #expect(entries == [
      "BaseViewModel.init(_:) public Logger",
      "DetailViewModel.init(_:) public Logger,Router,Session",
      "HiddenViewModel.init(_:) private Logger",
      "ProfileViewModel.init(_:) public Logger,Session",
      "SettingsViewModel.init(_:) public Logger,Theme",
      "SettingsViewModel.init(_:preview:) public Logger,Theme",
    ])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("inherited-\(UUID()).implicitinterface").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stream = OutputFile.Stream(path: path)
    InterfaceWriter.encode(result.interfacePlan, to: stream)
    try stream.finish()
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == result.interface.encoded())
    // Read back as an importer reads it.
    #expect(try ModuleInterface.read(from: path).functions.count == entries.count)
  }

  @Test func explainNamesTheInheritedInitializer() throws {
    let directory = Fixture.root.appendingPathComponent("app-inherited-initializer-in-interface/1-Base").path + "/"
    let text = try #require(try Self.analyzeBase().explain("DetailViewModel.init(_:)"))
      .replacingOccurrences(of: directory, with: "")
    #expect(text == """
      DetailViewModel.init(_:) (Screens.swift:9:1) requires 'Logger', 'Router' and 'Session'
        'Logger':
          DetailViewModel.init(_:) calls ProfileViewModel.init(_:) at Screens.swift:9:1
          ProfileViewModel.init(_:) calls BaseViewModel.init(_:) at Base.swift:19:1
          read in BaseViewModel.init(_:) at Base.swift:9:24
        'Router':
          read in DetailViewModel.init(_:) at Screens.swift:10:24
        'Session':
          DetailViewModel.init(_:) calls ProfileViewModel.init(_:) at Screens.swift:9:1
          read in ProfileViewModel.init(_:) at Base.swift:20:24

      """)
    let key = try #require(try Self.analyzeBase().explain("Session"))
    #expect(key.hasSuffix("required by:\n  DetailViewModel.init(_:)\n  ProfileViewModel.init(_:)\n"))
  }

  @Test func graphDrawsABoxForIt() throws {
    let result = try Self.analyzeBase()
    let dot = result.renderGraph(.dot)
    #expect(dot.contains("  \"ProfileViewModel.init(_:)\" [label=\"ProfileViewModel.init(_:)\\nrequires: Logger, Session\"];\n"))
    #expect(dot.contains("  \"DetailViewModel.init(_:)\" -> \"ProfileViewModel.init(_:)\" [label=\"calls\"];\n"))
    #expect(dot.contains("  \"ProfileViewModel.init(_:)\" -> \"BaseViewModel.init(_:)\" [label=\"calls\"];\n"))
    let json = result.renderGraph(.json)
    #expect(json.contains("\"name\" : \"SettingsViewModel.init(_:)\""))
  }
}
#endif
