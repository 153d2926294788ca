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
