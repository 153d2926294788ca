#if ImplicitsAnalysis
import SwiftSyntax

/// The one `#if` walk of the analyzer (as swift-syntax's `ActiveSyntaxVisitor`): a pass
/// that subclasses it sees only the clauses that may be compiled under the file's
/// conditions, and hears where each starts and ends. A clause the conditions do not decide
/// is either way (see `ConditionEvaluator`); what that means for a pass is the pass's to
/// say in the hooks.
class IfConfigWalker: SyntaxVisitor {
  let conditions: ConditionEvaluator

  /// A clause of an `#if` that may be compiled.
  struct Clause {
    var syntax: IfConfigClauseSyntax
    var ifConfig: IfConfigDeclSyntax
    /// Position among the clauses of its `#if` that may be compiled.
    var index: Int
    /// Surely compiled: its condition holds and no undecided clause comes before it.
    var isDecided: Bool

    /// `#if`, `#elseif` or `#else`.
    var keyword: TokenSyntax { syntax.poundKeyword }

    /// The condition as written; for an `#else`, the condition of the `#if`.
    var text: String {
      (syntax.condition ?? ifConfig.clauses.first?.condition)?.trimmedDescription ?? ""
    }

    /// When the clause is compiled, in words: "'DEBUG' holds", "'os(iOS)' does not hold".
    var whenCompiled: String {
      if let condition = syntax.condition { return "'\(condition.trimmedDescription)' holds" }
      let others = ifConfig.clauses.compactMap { $0.condition.map { "'\($0.trimmedDescription)'" } }
      return others.count == 1 ? "\(others[0]) does not hold" : "none of \(others.joined(separator: ", ")) holds"
    }
  }

  /// The undecided clauses around the current node, innermost last.
  private(set) var undecidedClauses: [Clause] = []

  init(conditions: ConditionEvaluator) {
    self.conditions = conditions
    super.init(viewMode: .sourceAccurate)
  }

  final override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    let (clauses, exhaustive) = conditions.possibleClauses(of: node)
    willWalkClauses(of: node, exhaustive: exhaustive)
    for (index, (syntax, certain)) in clauses.enumerated() {
      let clause = Clause(syntax: syntax, ifConfig: node, index: index, isDecided: certain)
      if !certain { undecidedClauses.append(clause) }
      willWalk(clause)
      if let elements = syntax.elements { walk(elements) }
      didWalk(clause)
      if !certain { undecidedClauses.removeLast() }
    }
    didWalkClauses(of: node)
    return .skipChildren
  }

  /// Before the first clause of an `#if`; `exhaustive` when one of the clauses that may be
  /// compiled surely is (an `#else`, or a condition that holds).
  func willWalkClauses(of node: IfConfigDeclSyntax, exhaustive: Bool) {}
  func willWalk(_ clause: Clause) {}
  func didWalk(_ clause: Clause) {}
  func didWalkClauses(of node: IfConfigDeclSyntax) {}
}
#endif
