#if ImplicitsAnalysis
import SwiftSyntax

/// A type stores at most one bag (`bag-stored-twice`): `init(_ scope:)` captures every
/// stored bag from the same scope, so a second one holds the same values again.
final class StoredBagRule: SyntaxRule {
  override func visit(_ node: MemberBlockSyntax) {
    var first: PatternBindingSyntax?
    for member in node.members.elements {
      guard let variable = member.decl.as(VariableDeclSyntax.self), !SyntaxFacts.has("static", in: variable.modifiers)
      else { continue }
      for binding in variable.bindings.elements {
        guard let value = binding.initializer?.value, BagCapture(value) != nil else { continue }
        guard let first else {
          first = binding
          continue
        }
        error(.bagStoredTwice,
          "a type stores at most one bag; '\(first.pattern.trimmedDescription)' already holds what 'init(_ scope:)' captures, so use it instead of '\(binding.pattern.trimmedDescription)'",
          at: binding.pattern, notes: [note("the first stored bag is here", at: first.pattern)])
      }
    }
  }
}
#endif
