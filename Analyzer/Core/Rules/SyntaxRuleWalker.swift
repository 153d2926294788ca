#if ImplicitsAnalysis
import SwiftSyntax

/// Walks a file once and calls each rule's hooks at the nodes it looks at (the way
/// swift-syntax-based linters run many rules in one pass). Like the other passes it walks
/// only the `#if` clauses that may be compiled, and keeps the conditions it cannot
/// evaluate around the current node in the shared context.
final class SyntaxRuleWalker: SyntaxVisitor {
  private let context: SyntaxRuleContext
  private let rules: [SyntaxRule]

  init(context: SyntaxRuleContext, rules: [SyntaxRule]) {
    self.context = context
    self.rules = rules
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    let firstCondition = node.clauses.first?.condition?.trimmedDescription ?? ""
    for (clause, certain) in context.file.conditions.activeClauses(of: node) {
      guard let elements = clause.elements else { continue }
      if !certain {
        context.unknownConditions.append(.init(
          text: clause.condition?.trimmedDescription ?? firstCondition, keyword: clause.poundKeyword, ifConfig: node))
      }
      walk(elements)
      if !certain { context.unknownConditions.removeLast() }
    }
    return .skipChildren
  }

  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: SourceFileSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: SubscriptDeclSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: AccessorBlockSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: ClosureExprSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockItemListSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
  override func visitPost(_ node: VariableDeclSyntax) { for rule in rules { rule.visitPost(node) } }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules { rule.visit(node) }
    return .visitChildren
  }
}
#endif
