#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing

@testable import ImplicitsAnalysis

/// `CallArgumentFacts` reads a call's arguments in the raw tree; each answer is checked
/// against the typed arguments.
struct CallArgumentFactsTests {
  @Test(arguments: [
    "f()",
    "f { }",
    "step(scope)",
    "step(id, scope: scope)",
    "step((scope))",
    "step((scope, 1))",
    "step(scope.nested())",
    "step(other.nested())",
    "step(scope.nested(1))",
    "step(self.onTap, Implicits())",
    "step(`scope`)",
    "step(.init(), make(), x[0])",
    "step(label: other)",
  ])
  func rawAnswersAreTheTypedOnes(source: String) throws {
    let call = try #require(Parser.parse(source: source).statements.first?.item.as(FunctionCallExprSyntax.self))
    let facts = CallArgumentFacts(call)
    let expressions = call.arguments.map(\.expression)
    #expect(facts.isEmpty == expressions.isEmpty)
    #expect(facts.hasMemberAccess == expressions.contains { $0.is(MemberAccessExprSyntax.self) })
    #expect(facts.hasReference == expressions.contains { $0.is(DeclReferenceExprSyntax.self) })
    #expect(facts.hasCall == expressions.contains { $0.is(FunctionCallExprSyntax.self) })
    let scopes: Set<String> = ["scope", "`scope`"]
    let typed = expressions.contains { LexicalEnvironment.scopePassed(by: $0, scopes: scopes) != nil }
    if let raw = CallArgumentFacts.passesScope(call, scopes: scopes) {
      #expect(raw == typed)
    } else {
      // Undecided only where an argument may be `scope.nested()`.
      #expect(expressions.contains { $0.as(FunctionCallExprSyntax.self)?.calledExpression.is(MemberAccessExprSyntax.self) == true })
    }
    #expect(LexicalEnvironment.passesScope(call, scopes: scopes, tentativeScopes: [:]) == typed)
  }

  @Test func decidesTheCommonCalls() throws {
    func passes(_ source: String) throws -> Bool? {
      let call = try #require(Parser.parse(source: source).statements.first?.item.as(FunctionCallExprSyntax.self))
      return CallArgumentFacts.passesScope(call, scopes: ["scope"])
    }
    #expect(try passes("step(scope)") == true)
    #expect(try passes("step(id, (scope))") == true)
    #expect(try passes("step(id)") == false)
    #expect(try passes("step(scope: id)") == false)
    #expect(try passes("step(scope.nested())") == nil)
  }
}
#endif
