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
  /// Whether `expression`, written where a closure literal could be, names a function as a
  /// value: a name or a member access that is not a local, a parameter or a scope.
  ///
  /// Asked from the side of the places a value stands (`recordArgumentValue`,
  /// `recordAssignedValues`, `recordReturnedValue`, the elements of collection literals,
  /// the initial values of variables), never of every name: the way up from a name to what
  /// holds it cost ~2 % of a cold check.
  func namesFunctionValue(_ expression: ExprSyntax) -> Bool {
    let reference = expression.as(DeclReferenceExprSyntax.self)
    let member = reference == nil ? expression.as(MemberAccessExprSyntax.self) : nil
    guard let name = reference?.baseName ?? member.flatMap({ $0.base == nil ? nil : $0.declName.baseName }) else {
      return false
    }
    // `Widget.init` names an initializer (`init` is a keyword token); `self`, `super` and
    // other keywords name no function.
    if member != nil && SyntaxFacts.spells(name, "init") { return name.tokenKind == .keyword(.`init`) }
    guard SyntaxFacts.startsLowercase(name), case .identifier(let text) = name.tokenKind else { return false }
    if reference != nil {
      // `scope` first: the name most often passed.
      return !environment.scopes.contains(text) && environment.nameKeys[text] == nil
        && environment.variableTypes[text] == nil && environment.localFunctions[text] == nil
        && environment.bags[text] == nil && environment.bagParameters[text] == nil
    }
    // `scope.nested`, `bag.values`: not functions of the module's.
    guard let owner = member?.base?.as(DeclReferenceExprSyntax.self) else { return true }
    return !environment.scopes.contains(owner.baseName.text)
  }

  private static let runtimeTypes = ["ImplicitScope", "Implicits"]

  /// `run(handleTap, scope)`: an argument of a call (not of the runtime's own calls, which
  /// take bags and scopes: `ImplicitScope(with: implicits)`).
  func recordArgumentValue(_ argument: LabeledExprSyntax) {
    let expression = argument.expression
    guard namesFunctionValue(expression), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else {
      return
    }
    if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName,
      Self.runtimeTypes.contains(where: { SyntaxFacts.spells(callee, $0) })
    { return }
    addFunctionValue(expression)
  }

  /// `onTap = handleTap`, `onTap = handleTap ?? fallback` (an operand of `??`); not
  /// `_ = label.count`: a value thrown away runs nowhere. (Recorded once the sequence is
  /// walked: after the effects of a `??`'s right operand, which a stored closure does not
  /// read.)
  func recordAssignedValues(_ elements: [ExprSyntax]) {
    guard elements.count >= 3 else { return }
    for index in 2..<elements.count {
      let element = elements[index]
      guard element.is(DeclReferenceExprSyntax.self) || element.is(MemberAccessExprSyntax.self) else { continue }
      let before = elements[index - 1]
      guard before.is(AssignmentExprSyntax.self) || before.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
        !elements[index - 2].is(DiscardAssignmentExprSyntax.self)
      else { continue }
      recordFunctionValue(element)
    }
  }

  /// `return handleTap`, or `handleTap` alone as a body, from a function declared to
  /// return a closure: of a function type written out, or of a named type that may be an
  /// alias of one (`func action() -> RowAction { handleTap }`), which only the whole module
  /// tells; not `return count` from a function returning `Int`.
  func recordReturnedValue(_ expression: ExprSyntax) {
    guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
      case .type(let type)? = Self.returnTarget(of: Syntax(expression))
    else { return }
    let element = SyntaxFacts.storedElement(of: type)
    if !element.is(FunctionTypeSyntax.self) {
      guard let name = ClosureSignature.possibleAlias(element), !Self.valueTypes.contains(name) else { return }
    }
    recordFunctionValue(expression)
  }

  /// Types of the standard library a closure is never returned as.
  private static let valueTypes: Set<String> = [
    "Bool", "Int", "Double", "Float", "String", "Character", "Substring", "Data", "Date", "URL", "UUID", "Void",
    "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "CGFloat", "Decimal", "Self",
  ]

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
  /// a literal written there would. `reference` stands where a value does (the callers'
  /// question).
  func recordFunctionValue(_ reference: ExprSyntax) {
    if namesFunctionValue(reference) { addFunctionValue(reference) }
  }

  private func addFunctionValue(_ reference: ExprSyntax) {
    var context = closureContext(reference)
    if context == .escaping, let stored = storedClosureType(of: reference) {
      context = .stored(type: stored.type, scopePosition: stored.position, inProperty: storedIntoProperty(reference))
    }
    effects.append(.closure(node: functionValueNode(reference), context, file.location(of: reference)))
  }
}
#endif
