#if ImplicitsAnalysis
import SwiftSyntax

/// How `@Implicit` variables are written:
///
/// - `@Implicit` is the outermost property wrapper (`implicit-not-outermost`): with another
///   wrapper outside it, the key would be that wrapper's storage type, not the value type
///   the analyzer and the reader see;
/// - `@Implicit var _ = …` declares nothing (`implicit-wildcard`): Swift never runs the
///   wrapper of a variable named `_`;
/// - a declaration under an `#if` of the body whose condition the analyzer cannot evaluate
///   (`unknown-condition-declaration`) may or may not happen. Accepted when every clause of
///   an `#if … #else` declares a variable of the same name: then one of them surely runs.
final class ImplicitDeclarationRule: SyntaxRule {
  /// Unknown-condition depth at the start of each enclosing body.
  private var bodyDepths: [Int] = [0]

  /// Attributes that may precede `@Implicit` because they are not property wrappers.
  private static let nonWrappers: Set<String> = [
    "MainActor", "NSManaged", "NSCopying", "IBOutlet", "IBInspectable", "GKInspectable", "NamedImplicitKey",
  ]

  override func visit(_ node: FunctionDeclSyntax) { enterBody() }
  override func visitPost(_ node: FunctionDeclSyntax) { bodyDepths.removeLast() }
  override func visit(_ node: InitializerDeclSyntax) { enterBody() }
  override func visitPost(_ node: InitializerDeclSyntax) { bodyDepths.removeLast() }
  override func visit(_ node: ClosureExprSyntax) { enterBody() }
  override func visitPost(_ node: ClosureExprSyntax) { bodyDepths.removeLast() }
  override func visit(_ node: AccessorBlockSyntax) { enterBody() }
  override func visitPost(_ node: AccessorBlockSyntax) { bodyDepths.removeLast() }

  private func enterBody() {
    bodyDepths.append(unknownConditions.count)
  }

  override func visit(_ node: VariableDeclSyntax) {
    guard let implicit = SyntaxFacts.implicitAttribute(in: node.attributes) else { return }
    checkOutermost(implicit, in: node.attributes)
    for binding in node.bindings.elements {
      if binding.pattern.is(WildcardPatternSyntax.self) {
        error(.implicitWildcard,
          "'@Implicit var _' declares nothing: Swift never runs the property wrapper of a variable named '_'; give the variable a name",
          at: binding.pattern)
      }
      if binding.initializer != nil, node.parent?.is(MemberBlockItemSyntax.self) != true {
        checkCondition(of: binding, in: node)
      }
    }
  }

  private func checkOutermost(_ implicit: AttributeSyntax, in attributes: AttributeListSyntax) {
    for element in attributes.elements {
      guard case .attribute(let attribute) = element else { continue }
      if attribute.id == implicit.id { return }
      let name = attribute.attributeName.trimmedDescription
      // Property wrappers are types (capitalised); actors and built-in attributes are not wrappers.
      guard let first = name.first, first.isUppercase, !Self.nonWrappers.contains(name), !name.hasSuffix("Actor")
      else { continue }
      error(.implicitNotOutermost,
        "'@Implicit' must be the outermost property wrapper; move it before '@\(name)'",
        at: implicit, notes: [note("'@\(name)' wraps the value first", at: attribute)])
      return
    }
  }

  private func checkCondition(of binding: PatternBindingSyntax, in declaration: VariableDeclSyntax) {
    guard unknownConditions.count > bodyDepths[bodyDepths.count - 1], let condition = unknownConditions.last else { return }
    let name = binding.pattern.trimmedDescription
    if Self.everyClauseDeclares(name, condition.ifConfig, conditions: file.conditions) { return }
    // In a scope created under the same condition: that scope is the error to fix.
    if Self.createsScope(before: declaration) { return }
    error(.unknownConditionDeclaration,
      "implicit '\(name)' is declared under a '#if' condition the analyzer cannot resolve, so code after the '#if' cannot rely on it; declare it in every branch of an '#if … #else', or pass the condition with '--define'",
      at: binding.pattern, notes: [note(for: condition)])
  }

  /// A scope is created earlier in the same `#if` clause as `declaration`.
  private static func createsScope(before declaration: VariableDeclSyntax) -> Bool {
    guard let item = declaration.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self), list.parent?.is(IfConfigClauseSyntax.self) == true
    else { return false }
    for statement in list.elements {
      if statement.id == item.id { return false }
      if let variable = statement.item.as(VariableDeclSyntax.self),
        variable.bindings.elements.contains(where: { $0.initializer.map { RuntimeCall($0.value).isScopeCreation } ?? false })
      {
        return true
      }
    }
    return false
  }

  /// Every clause that may be compiled declares `@Implicit var name = …`, and one of them
  /// surely is (`#else`).
  private static func everyClauseDeclares(_ name: String, _ ifConfig: IfConfigDeclSyntax, conditions: ConditionEvaluator) -> Bool {
    let (clauses, exhaustive) = conditions.possibleClauses(of: ifConfig)
    guard exhaustive else { return false }
    return clauses.allSatisfy { clause, _ in
      guard case .statements(let statements)? = clause.elements else { return false }
      return statements.elements.contains { item in
        guard let variable = item.item.as(VariableDeclSyntax.self),
          SyntaxFacts.implicitAttribute(in: variable.attributes) != nil
        else { return false }
        return variable.bindings.elements.contains { $0.pattern.trimmedDescription == name && $0.initializer != nil }
      }
    }
  }
}
#endif
