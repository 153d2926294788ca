#if ImplicitsAnalysis
import SwiftSyntax

/// One rule of the reference analyzer's rule set: hooks for the syntax it looks at, called
/// by `SyntaxRuleWalker` during its single walk of a file, and the diagnostics it finds.
/// A rule never skips a subtree (the other rules may need it); it keeps its own state
/// about where it is (bodies, blocks) in the `visit`/`visitPost` pairs.
class SyntaxRule {
  let context: SyntaxRuleContext
  private(set) var diagnostics: [Diagnostic] = []

  init(context: SyntaxRuleContext) {
    self.context = context
  }

  var file: FileContext { context.file }
  /// The `#if` clauses that may or may not be compiled around the current node, innermost last.
  var unknownConditions: [SyntaxRuleContext.UnknownCondition] { context.unknownConditions }

  // MARK: Hooks (the walker calls every rule's hook for each node of that kind)

  func visit(_ node: SourceFileSyntax) {}
  func visitPost(_ node: SourceFileSyntax) {}
  func visit(_ node: FunctionDeclSyntax) {}
  func visitPost(_ node: FunctionDeclSyntax) {}
  func visit(_ node: InitializerDeclSyntax) {}
  func visitPost(_ node: InitializerDeclSyntax) {}
  func visit(_ node: SubscriptDeclSyntax) {}
  func visitPost(_ node: SubscriptDeclSyntax) {}
  func visit(_ node: AccessorBlockSyntax) {}
  func visitPost(_ node: AccessorBlockSyntax) {}
  func visit(_ node: ClosureExprSyntax) {}
  func visitPost(_ node: ClosureExprSyntax) {}
  func visit(_ node: CodeBlockItemListSyntax) {}
  func visitPost(_ node: CodeBlockItemListSyntax) {}
  func visit(_ node: VariableDeclSyntax, _ facts: VariableFacts) {}
  func visitPost(_ node: VariableDeclSyntax, _ facts: VariableFacts) {}
  func visit(_ node: FunctionCallExprSyntax) {}
  func visit(_ node: ExtensionDeclSyntax) {}
  func visit(_ node: MemberBlockSyntax) {}

  // MARK: Reporting

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol, notes: [Diagnostic.Note] = []) {
    diagnostics.append(.error(id, message, at: file.location(of: node), notes: notes))
  }

  func error(_ id: DiagnosticID, _ message: String, at location: SourceLoc) {
    diagnostics.append(.error(id, message, at: location))
  }

  func warning(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol, notes: [Diagnostic.Note] = []) {
    diagnostics.append(.warning(id, message, at: file.location(of: node), notes: notes))
  }

  func note(_ message: String, at node: some SyntaxProtocol) -> Diagnostic.Note {
    Diagnostic.Note(location: file.location(of: node), message: message)
  }

  /// The note that names an unknown condition, for errors whose cause it is.
  func note(for condition: SyntaxRuleContext.UnknownCondition) -> Diagnostic.Note {
    note("the analyzer cannot tell whether '\(condition.text)' holds: it knows only the flags passed with '--define' (the target's 'swiftSettings' defines), not the platform, 'canImport' or 'DEBUG'",
      at: condition.keyword)
  }
}

/// What the rules of one walk share: the file, and the unknown `#if` conditions around
/// the current node (kept by the walker).
final class SyntaxRuleContext {
  let file: FileContext
  /// Where the file mentions what a rule looks for: the walker skips the rest.
  let mentions: SourceMentions

  /// A `#if` clause that may or may not be compiled.
  typealias UnknownCondition = IfConfigWalker.Clause
  /// Innermost last.
  var unknownConditions: [UnknownCondition] = []

  init(file: FileContext, mentions: SourceMentions) {
    self.file = file
    self.mentions = mentions
  }
}
#endif
