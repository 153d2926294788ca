#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The `#if` condition an interface writes for a requirement (`Function.conditions`) holds
/// in exactly the configurations that require it, and is written short.
@Suite struct RequirementConditionTests {
  static let two = ["DEBUG", "os(iOS)"]

  /// Bit `n` of the mask: configuration `n` (bit 0 of `n`: DEBUG, bit 1: os(iOS)).
  @Test(arguments: [
    (0b1111, ""), (0b0000, "false"), (0b1010, "DEBUG"), (0b0101, "!DEBUG"), (0b1100, "os(iOS)"),
    (0b1110, "DEBUG || os(iOS)"), (0b0010, "DEBUG && !os(iOS)"), (0b0110, "!DEBUG && os(iOS) || DEBUG && !os(iOS)"),
    (0b1011, "!os(iOS) || DEBUG"),
  ])
  func writesTheDecidingConditionsOnly(holding: Int, text: String) {
    #expect(RequirementCondition.text(holding: UInt32(holding), of: Self.two) == text)
  }

  /// Every set of configurations over three conditions: the text, parsed and evaluated in
  /// each configuration as a dependant takes it, holds exactly where the set says.
  @Test func everyTextHoldsWhereItsConfigurationsAre() throws {
    let conditions = ["DEBUG", "canImport(UIKit)", "os(iOS)"]
    for holding in 0..<UInt32(1 << 8) {
      let text = RequirementCondition.text(holding: holding, of: conditions)
      for configuration in 0..<8 {
        var assumptions: [String: Bool] = [:]
        for (index, condition) in conditions.enumerated() { assumptions[condition] = configuration & (1 << index) != 0 }
        var evaluator = RequirementConditionEvaluator(ConditionEvaluator(defines: [], assumptions: assumptions))
        let holds = evaluator.mayHold(text)
        #expect(
          holds == (holding & (1 << configuration) != 0),
          "\(text) in configuration \(configuration) of \(String(holding, radix: 2))")
      }
    }
  }

  /// Where the dependant cannot tell (its walk with every condition undecided, or a
  /// condition it does not take each way), a requirement under a condition holds; where its
  /// `--define` decides the condition, as the define says.
  @Test func holdsUnlessTheConfigurationRulesItOut() {
    func mayHold(_ condition: String, defines: Set<String>) -> Bool {
      var evaluator = RequirementConditionEvaluator(ConditionEvaluator(defines: defines))
      return evaluator.mayHold(condition)
    }
    #expect(mayHold("DEBUG", defines: []))
    #expect(mayHold("!DEBUG && os(iOS)", defines: []))
    #expect(!mayHold("false", defines: []))
    #expect(mayHold("DEBUG", defines: ["DEBUG"]))
    #expect(!mayHold("!DEBUG", defines: ["DEBUG"]))
    #expect(mayHold("DEBUG && os(iOS)", defines: ["DEBUG"]))
  }

  /// The same condition spelled with spaces, comments or parentheses is one condition.
  @Test(arguments: ["os( iOS )", "os(iOS /* phones */)", "(os(iOS))"])
  func spellingsNameOneCondition(spelling: String) throws {
    let condition = try #require(RequirementCondition.parse(spelling))
    #expect(ConditionEvaluator(defines: []).undecidedConditions(in: condition) == ["os(iOS)"])
  }

  /// A dependency's conditions are taken each way only as far as they fit after the
  /// module's own: an app with four conditions of its own is still checked configuration
  /// by configuration (its `#if os(iOS)` declaration serves its `#if os(iOS)` read,
  /// `BuildConfigurationTests.tied`), and the dependency's requirement under a fifth
  /// condition holds in every configuration.
  @Test func dependencyConditionsFitAfterTheModulesOwn() throws {
    let kit = """
      import Implicits
      public struct Clock { public init() {} }
      public func tick(_ scope: ImplicitScope) {
      #if os(Linux)
        @Implicit var clock: Clock
      #endif
      }

      """
    let kitOptions = AnalysisOptions(moduleName: "Kit", sourcePaths: ["Kit.swift"])
    let interface = try Analyzer.analyze(kitOptions, sources: [SourceText(path: "Kit.swift", bytes: Array(kit.utf8))]).interface
    #expect(interface.functions.map(\.conditions) == [["os(Linux)"]])
    let path = try InterfaceTests.write(Data(interface.encoded()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Three more conditions of the app's own: four with `os(iOS)`.
    let app = BuildConfigurationTests.tied + """
      import Kit
      #if DEBUG || os(macOS) || canImport(UIKit)
      #endif
      func onLaunch() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var clock = Clock()
        tick(scope)
      }

      """
    var options = AnalysisOptions(moduleName: "App", sourcePaths: ["App.swift"])
    options.dependencyInterfaces = [path]
    let diagnostics = try Analyzer.analyze(options, sources: [SourceText(path: "App.swift", bytes: Array(app.utf8))]).diagnostics
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
  }

  /// A module that reads a key under `#if DEBUG` writes the condition; one whose
  /// requirements hold in every configuration writes none.
  @Test func interfacesWriteConditionsOnlyWhereTheyDiffer() throws {
    let kit = Fixture.root.appendingPathComponent("cross-module-if-debug-requirement/1-Kit/Kit.swift").path
    let conditional = try Analyzer.analyze(AnalysisOptions(moduleName: "Kit", sourcePaths: [kit])).interface
    #expect(conditional.functions.map(\.conditions) == [["DEBUG"]])
    var options = AnalysisOptions(moduleName: "Kit", sourcePaths: [kit])
    options.defines = ["DEBUG"]
    let defined = try Analyzer.analyze(options).interface
    #expect(defined.functions.map(\.requires) == [["\\.overlay"]])
    #expect(defined.functions.map(\.conditions) == [nil])
  }
}
#endif
