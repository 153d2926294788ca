#if ImplicitsAnalysis
import SwiftSyntax

/// Walks a file once and calls each rule's hooks at the nodes it looks at (the way
/// swift-syntax-based linters run many rules in one pass). Like the other passes it walks
/// only the `#if` clauses that may be compiled (`IfConfigWalker`), and keeps the
/// conditions it cannot evaluate around the current node in the shared context.
final class SyntaxRuleWalker: IfConfigWalker {
  private let context: SyntaxRuleContext
  private let rules: [SyntaxRule]

  init(context: SyntaxRuleContext, rules: [SyntaxRule]) {
    self.context = context
    self.rules = rules
    super.init(conditions: context.file.conditions)
  }

  override func willWalk(_ clause: Clause) {
    context.unknownConditions = undecidedClauses
  }

  override func didWalk(_ clause: Clause) {
    if !clause.isDecided { context.unknownConditions.removeLast() }
  }

  /// A member, or a statement, that mentions none of the words a rule looks for
  /// (`SourceMentions`) cannot break a rule, and is not walked (most of the code of a
  /// file that uses implicits: its other types, most of each function's statements).
  /// Except a statement that declares names the statements after it see (`let`, and
  /// `let` in an `#if` clause): a name bound there hides a scope of that name.
  override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
    mentionsScopeWord(node) ? .visitChildren : .skipChildren
  }

  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    if SyntaxFacts.mayBindNames(node) { return .visitChildren }
    return mentionsScopeWord(node) ? .visitChildren : .skipChildren
  }

  private func mentionsScopeWord(_ node: some SyntaxProtocol) -> Bool {
    context.mentions.mentionsScopeWord(in: node.position.utf8Offset..<node.endPosition.utf8Offset)
  }

  /// Calls `hook` on every rule; the walk always goes on into the children.
  private func forward(_ hook: (SyntaxRule) -> Void) -> SyntaxVisitorContinueKind {
    for rule in rules { hook(rule) }
    return .visitChildren
  }

  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: SourceFileSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: FunctionDeclSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: InitializerDeclSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: SubscriptDeclSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: AccessorBlockSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: ClosureExprSyntax) { _ = forward { $0.visitPost(node) } }
  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visitPost(_ node: CodeBlockItemListSyntax) { _ = forward { $0.visitPost(node) } }
  /// A variable's facts are read once for every rule, and kept for its `visitPost`
  /// (variables nest: a closure in a value declares its own).
  private var variables: [VariableFacts] = []

  /// A variable without a value or accessors is attributes, names and types below:
  /// nothing a rule looks at (`@Implicit var value: Service` is most of them).
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let facts = VariableFacts(node)
    variables.append(facts)
    for rule in rules { rule.visit(node, facts) }
    return facts.bindings.contains { $0.hasValue || $0.hasAccessors } ? .visitChildren : .skipChildren
  }
  override func visitPost(_ node: VariableDeclSyntax) {
    let facts = variables.removeLast()
    for rule in rules { rule.visitPost(node, facts) }
  }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { forward { $0.visit(node) } }
}
#endif
