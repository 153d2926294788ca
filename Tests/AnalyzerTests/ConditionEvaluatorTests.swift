#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

@Suite struct ConditionEvaluatorTests {
  static func truth(_ condition: String, defines: Set<String> = ["A"]) -> Truth {
    let tree = Parser.parse(source: "#if \(condition)\n#endif\n")
    let decl = tree.statements.first!.item.as(IfConfigDeclSyntax.self)!
    return ConditionEvaluator(defines: defines).evaluate(decl.clauses.first!.condition!)
  }

  @Test(arguments: [
    ("A", Truth.yes), ("B", .no), ("!B", .yes), ("A && B", .no), ("A || B", .yes),
    ("B || A && A", .yes), ("(A || B) && !A", .no), ("true", .yes), ("false", .no),
    ("os(Linux)", .unknown), ("os(Linux) && B", .no), ("os(Linux) || A", .yes),
    ("canImport(UIKit) && A", .unknown), ("DEBUG", .unknown), ("!DEBUG", .unknown),
  ])
  func evaluates(_ condition: String, _ expected: Truth) {
    #expect(Self.truth(condition) == expected)
  }

  @Test func definedDebugIsKnown() {
    #expect(Self.truth("DEBUG", defines: ["DEBUG"]) == .yes)
  }

  @Test func clausesAfterAnUnknownOneAreUncertain() {
    let tree = Parser.parse(source: "#if os(Linux)\n#elseif A\n#else\n#endif\n")
    let decl = tree.statements.first!.item.as(IfConfigDeclSyntax.self)!
    let (clauses, exhaustive) = ConditionEvaluator(defines: ["A"]).possibleClauses(of: decl)
    #expect(clauses.map(\.certain) == [false, false])
    #expect(exhaustive)
  }
}
#endif
