#if ImplicitsAnalysis
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

/// Which expressions capture a bag, and what is generated for each kind.
@Suite struct BagCaptureTests {
  @Test(arguments: [
    ("#implicits", BagCapture.macro),
    ("Implicits.captureAll()", .all),
    ("Implicits.Implicits.captureAll()", .all),
    (".captureAll()", .all),
  ])
  func recognisesEverySpelling(_ source: String, _ capture: BagCapture) {
    #expect(BagCapture(ExprSyntax("\(raw: source)")) == capture)
  }

  /// Calls that only look like the capture API capture nothing the analyzer can know.
  @Test(arguments: [
    "Snapshot.captureAll()", "Implicits.captureAll(from: other)", "Other.Implicits.captureAll()",
    "captureAll()", "#other", "Implicits()", "Implicits.captureAll",
  ])
  func rejectsLookalikes(_ source: String) {
    #expect(BagCapture(ExprSyntax("\(raw: source)")) == nil)
  }

  @Test(arguments: [
    ("Implicits()", true), ("Implicits.Implicits()", true), ("Implicits(unsafeKeys: key)", false),
    ("Other.Implicits()", false), ("Implicits.captureAll()", false),
  ])
  func recognisesTheEmptyBag(_ source: String, _ isEmpty: Bool) {
    #expect(RuntimeCall.isEmptyBag(ExprSyntax("\(raw: source)")) == isEmpty)
  }

  /// `Implicits.captureAll()` captures at run time: only `#implicits` sites get a case in
  /// the generated support file.
  @Test func onlyMacroSitesAreGenerated() throws {
    let directory = try ScratchDirectory()
    let path = try directory.write("Bags.swift", """
      struct Logger {}
      func log(_ scope: ImplicitScope) { @Implicit var logger: Logger }
      func later(_ body: @escaping () -> Void) {}
      func start(_ scope: ImplicitScope) {
        later { [bag = Implicits.captureAll()] in withScope(with: bag) { scope in log(scope) } }
        later { [bag = #implicits] in withScope(with: bag) { scope in log(scope) } }
      }

      """)
    let result = try Analyzer.analyze(AnalysisOptions(moduleName: "App", sourcePaths: [path]))
    #expect(result.diagnostics.isEmpty)
    let support = result.supportFile
    #expect(support.contains("private let __implicitsSites = ImplicitsSiteIndex([\n  \"App/Bags.swift:6:18\",\n])"), "\(support)")
    #expect(support.contains("case 0:  // \"App/Bags.swift:6:18\"\n    return Implicits(unsafeKeys: __implicitsKeys0)"), "\(support)")
    #expect(!support.contains("case 1:"), "\(support)")
  }
}
#endif
