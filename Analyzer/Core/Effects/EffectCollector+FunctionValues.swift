#if ImplicitsAnalysis
import SwiftSyntax

/// Functions named as values: `run(handleTap, scope)`, `button.onTap = model.refresh`,
/// `router.post("/users/search", search)`, `let step = handleTap`.
///
/// A function that takes a scope, named without a call, is a closure of its shape: it reads
/// what is visible where it is *called*, with the scope its caller passes. So naming it is
/// modelled as the closure literal `{ a, b in handleTap(a, b) }` written in the same place
/// would be: a closure node of its own whose one call reaches the function
/// (`CallSite.isReference`), run where that literal would run (in place, through the
/// parameter it is passed for, or as one of the closure values of its shape). Which names
/// are functions, and whether they take a scope, only the whole module tells: a name that
/// turns out to be a property, or a function without a scope (`.map(String.init)`), makes a
/// closure that needs nothing.
extension EffectCollector {
  /// Whether `expression` may name a function as a value: a name or a member access that
  /// is not a local, a parameter or a scope, written where a closure literal could be (an
  /// argument, an assigned or initial value, an element of a collection literal, a
  /// returned value) and not called.
  func namesFunctionValue(_ expression: ExprSyntax) -> Bool {
    // Asked of every name written as an argument, a value or an element (~130 a file of the
    // generated module): the tests that make no `String` and look nothing up come first.
    let reference = expression.as(DeclReferenceExprSyntax.self)
    let member = reference == nil ? expression.as(MemberAccessExprSyntax.self) : nil
    guard let name = reference?.baseName ?? member.flatMap({ $0.base == nil ? nil : $0.declName.baseName }) else {
      return false
    }
    // `Widget.init` names an initializer (`init` is a keyword token); `self`, `super` and
    // other keywords name no function.
    let isInitializer = member != nil && SyntaxFacts.spells(name, "init")
    guard isInitializer || SyntaxFacts.startsLowercase(name), Self.isValuePosition(expression) else { return false }
    if isInitializer { return name.tokenKind == .keyword(.`init`) }
    guard case .identifier(let text) = name.tokenKind else { return false }
    if reference != nil {
      return environment.nameKeys[text] == nil && !environment.scopes.contains(text)
        && environment.variableTypes[text] == nil && environment.localFunctions[text] == nil
        && environment.bags[text] == nil && environment.bagParameters[text] == nil
    }
    // `scope.nested`, `bag.values`: not functions of the module's.
    guard let owner = member?.base?.as(DeclReferenceExprSyntax.self) else { return true }
    return !environment.scopes.contains(owner.baseName.text)
  }

  private static let runtimeTypes: Set<String> = ["ImplicitScope", "Implicits"]

  /// Where a closure literal could stand in for `expression`.
  private static func isValuePosition(_ expression: ExprSyntax) -> Bool {
    guard let parent = expression.parent else { return false }
    if let argument = parent.as(LabeledExprSyntax.self) {
      // `ImplicitScope(with: implicits)`: the runtime's own calls take bags and scopes.
      guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
      let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      return callee.map { !runtimeTypes.contains($0) } ?? true
    }
    if parent.is(ArrayElementSyntax.self) { return true }
    // `return handleTap` from a function declared to return a closure (not `return count`).
    if parent.is(ReturnStmtSyntax.self) {
      guard case .type(let type)? = returnTarget(of: Syntax(expression)) else { return false }
      return SyntaxFacts.storedElement(of: type).is(FunctionTypeSyntax.self)
    }
    if let element = parent.as(DictionaryElementSyntax.self) { return element.value.id == expression.id }
    if let initializer = parent.as(InitializerClauseSyntax.self) { return initializer.parent?.is(PatternBindingSyntax.self) == true }
    if let list = parent.as(ExprListSyntax.self) {
      // `onTap = handleTap`, `onTap = handleTap ?? fallback` (an operand of `??`).
      let elements = Array(list)
      guard let index = elements.firstIndex(where: { $0.id == expression.id }), index >= 2 else { return false }
      // `_ = label.count`: a value thrown away runs nowhere.
      if elements[index - 2].is(DiscardAssignmentExprSyntax.self) { return false }
      let before = elements[index - 1]
      return before.is(AssignmentExprSyntax.self) || before.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
    }
    return false
  }

  /// The node of the closure `{ a, b in f(a, b) }` that naming `f` stands for: its one
  /// effect the call of `f` with the scope it is given.
  func functionValueNode(_ reference: ExprSyntax) -> Int {
    let site = CallSiteReader(file: file, collector: self, typeName: typeName).site(ofReference: reference)
    let index = found.add(BodyNode(
      kind: .closure(scopeParameter: nil), name: "closure", location: site.location, typeName: typeName))
    found.setEffects([.call(site)], of: index)
    found.functionValues[index] = site
    return index
  }

  /// `run(handleTap, scope)`, `onTap = model.refresh`: the closure it stands for runs where
  /// a literal written there would.
  func recordFunctionValue(_ reference: ExprSyntax) {
    guard namesFunctionValue(reference) else { return }
    var context = closureContext(reference)
    if context == .escaping, let stored = storedClosureType(of: reference) {
      context = .stored(type: stored.type, scopePosition: stored.position, inProperty: storedIntoProperty(reference))
    }
    effects.append(.closure(node: functionValueNode(reference), context, file.location(of: reference)))
  }
}
#endif
