#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Found by `Tests/Incremental/corpus.py --corpus app-decided --seed 3 --edits 80` (edit 22:
/// an overload added in one file) and reduced: a function added in an edited file moves the
/// entries after it by one; when every moved entry that stays within the last run's count is
/// of an edited file, and an unchanged file's entry moves past that count, no position check
/// sees the move, and an unchanged caller's copied entry keeps its callee's old position.
@Suite struct ReusedEntriesShiftTests {
  static let files: [String: String] = [
    "A.swift": "struct Alpha {\n  func run(_ scope: ImplicitScope) {\n    Zed().show(scope)\n  }\n}\n",
    "B.swift": "struct Mid {\n  func one(_ scope: ImplicitScope) {\n    @Implicit var count: Int\n  }\n}\n",
    "C.swift": "struct Zed {\n  func show(_ scope: ImplicitScope) {\n    @Implicit var title: String\n  }\n}\n",
  ]

  func check(_ directory: ScratchDirectory, cached: Bool, outputs: String) throws -> CheckRun.Report {
    try FileManager.default.createDirectory(atPath: directory.path(outputs), withIntermediateDirectories: true)
    let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path("src")).sorted()
    return try CheckRun(
      options: AnalysisOptions(moduleName: "App", sourcePaths: paths.map { directory.path("src/" + $0) }),
      format: .text, interfaceOutput: directory.path(outputs + "/App.implicitinterface"),
      supportFileOutput: directory.path(outputs + "/App+ImplicitsSupport.swift"),
      cacheDirectory: cached ? directory.path("cache") : nil
    ).run()
  }

  /// `Mid.two` sorts between `Mid.one` and `Zed.show`: `Zed.show` moves from the last place
  /// to one past it, and `Alpha.run`'s link to it (`>2`) must become `>3`.
  @Test(arguments: ["  func two(_ scope: ImplicitScope) {\n    @Implicit var flag: Bool\n  }\n", "  func zero(_ scope: ImplicitScope) {}\n"])
  func aFunctionAddedBeforeTheLastEntryMovesItsLinks(_ added: String) throws {
    let directory = try ScratchDirectory()
    try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
    for (name, text) in Self.files { try directory.write("src/" + name, text) }
    _ = try check(directory, cached: true, outputs: "out")
    try directory.write("src/B.swift", Self.files["B.swift"]!.replacingOccurrences(of: "  }\n}\n", with: "  }\n\n" + added + "}\n"))
    let warm = try check(directory, cached: true, outputs: "out")
    let cold = try check(directory, cached: false, outputs: "cold")
    #expect(warm.diagnostics == cold.diagnostics)
    let interface = { (outputs: String) in FileManager.default.contents(atPath: directory.path(outputs + "/App.implicitinterface")) }
    #expect(interface("out") == interface("cold"))
  }
}
#endif
