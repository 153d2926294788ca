#if ImplicitsAnalysis
import SwiftSyntax

/// Closures that take a scope are called by name (`step(scope)`), so within one function
/// each such name denotes one closure (`scope-closure-name-duplicate`): a parameter of
/// type `(ImplicitScope) -> …` or a local `let step = { (scope: ImplicitScope) in … }`
/// (or one annotated with such a type), even when an inner block shadows the outer one.
final class ScopeClosureNameRule: SyntaxRule {
  /// Per enclosing function: name → where it was first bound.
  private var functions: [[String: Syntax]] = [[:]]

  override func visit(_ node: FunctionDeclSyntax) {
    enter(node.signature.parameterClause.parameters)
  }
  override func visitPost(_ node: FunctionDeclSyntax) { functions.removeLast() }

  override func visit(_ node: InitializerDeclSyntax) {
    enter(node.signature.parameterClause.parameters)
  }
  override func visitPost(_ node: InitializerDeclSyntax) { functions.removeLast() }

  private func enter(_ parameters: FunctionParameterListSyntax) {
    functions.append([:])
    for parameter in parameters.elements where Self.takesScope(parameter.type) {
      bind((parameter.secondName ?? parameter.firstName).text, at: Syntax(parameter))
    }
  }

  override func visit(_ node: VariableDeclSyntax, _ facts: VariableFacts) {
    // Both shapes write `ImplicitScope`.
    guard context.mentions.mentionsScopeType(in: node.position.utf8Offset..<node.endPosition.utf8Offset),
      node.parent?.is(MemberBlockItemSyntax.self) != true
    else { return }
    // A closure type is written out, a closure is a value.
    for (index, fact) in facts.bindings.enumerated() where fact.annotation == .written || fact.hasValue {
      guard let name = fact.name else { continue }
      let binding = node.binding(at: index)
      let closure = binding.initializer?.value.as(ClosureExprSyntax.self)
      guard Self.takesScope(binding.typeAnnotation?.type) || closure.flatMap({ ClosureSignature.scopeParameter(of: $0) }) != nil
      else { continue }
      bind(name, at: Syntax(binding.pattern))
    }
  }

  private func bind(_ name: String, at node: Syntax) {
    let current = functions.count - 1
    if let first = functions[current][name] {
      error(.scopeClosureNameDuplicate,
        "another closure taking a scope is already named '\(name)' in this function; give each one its own name so that calls to it are not confused",
        at: node, notes: [note("'\(name)' is first bound here", at: first)])
    } else {
      functions[current][name] = node
    }
  }

  /// `(ImplicitScope) -> T`, also `@escaping` or optional.
  private static func takesScope(_ type: TypeSyntax?) -> Bool {
    ClosureSignature.scopePosition(inFunctionType: type) != nil
  }
}
#endif
