#if ImplicitsAnalysis
import SwiftSyntax

/// The lint-like rules of the reference analyzer's rule set, each a small syntax visitor
/// answering one question about one file. They run per file, after parsing and beside the
/// effect collection, and only report: nothing downstream depends on them.
///
/// Rules that need the whole module (requirements, bags, callees) live in the graph
/// passes; see `Diagnostics/GraphDiagnoser`.
enum SyntaxRules {
  static func check(_ tree: SourceFileSyntax, text: String, file: FileContext) -> [Diagnostic] {
    // A file that never mentions the API cannot break a rule about it (most files of a
    // large module, every file of a package without implicits).
    guard text.contains("Implicit") || text.contains("withScope") else { return [] }
    let rules: [RuleVisitor] = [
      ScopeLifetimeRule(file: file),
      ScopeParameterRule(file: file),
      ImplicitDeclarationRule(file: file),
      NamedKeysRule(file: file),
      StoredBagRule(file: file),
      ScopeClosureNameRule(file: file),
    ]
    var diagnostics: [Diagnostic] = []
    for rule in rules {
      rule.walk(tree)
      diagnostics += rule.diagnostics
    }
    return diagnostics
  }
}

/// A rule: walks a file and collects what it finds. Like the other passes it walks only
/// the `#if` clauses that may be compiled, and keeps the conditions it cannot evaluate
/// that enclose the current node.
class RuleVisitor: SyntaxVisitor {
  let file: FileContext
  private(set) var diagnostics: [Diagnostic] = []

  /// A `#if` clause that may or may not be compiled.
  struct UnknownCondition {
    /// The condition as written; for an `#else`, the condition of the `#if`.
    var text: String
    /// `#if`, `#elseif` or `#else`.
    var keyword: TokenSyntax
    /// The `#if` has an `#else` (or a clause known to hold) and this is one of its clauses.
    var ifConfig: IfConfigDeclSyntax
  }
  /// Innermost last.
  private(set) var unknownConditions: [UnknownCondition] = []

  init(file: FileContext) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol, notes: [Diagnostic.Note] = []) {
    diagnostics.append(.error(id, message, at: file.location(of: node), notes: notes))
  }

  func warning(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol, notes: [Diagnostic.Note] = []) {
    diagnostics.append(.warning(id, message, at: file.location(of: node), notes: notes))
  }

  func note(_ message: String, at node: some SyntaxProtocol) -> Diagnostic.Note {
    Diagnostic.Note(location: file.location(of: node), message: message)
  }

  /// The note that names an unknown condition, for errors whose cause it is.
  func note(for condition: UnknownCondition) -> Diagnostic.Note {
    note("the analyzer cannot tell whether '\(condition.text)' holds: it knows only the flags passed with '--define' (the target's 'swiftSettings' defines), not the platform, 'canImport' or 'DEBUG'",
      at: condition.keyword)
  }

  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    let firstCondition = node.clauses.first?.condition?.trimmedDescription ?? ""
    for (clause, certain) in file.conditions.activeClauses(of: node) {
      guard let elements = clause.elements else { continue }
      if !certain {
        unknownConditions.append(UnknownCondition(
          text: clause.condition?.trimmedDescription ?? firstCondition, keyword: clause.poundKeyword, ifConfig: node))
      }
      walk(elements)
      if !certain { unknownConditions.removeLast() }
    }
    return .skipChildren
  }
}
#endif
