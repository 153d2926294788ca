#if ImplicitsAnalysis
import SwiftSyntax

extension EffectCollector {
  /// `formatter(row, scope)` where `let formatter = Formatter()`: Swift calls the value's
  /// `callAsFunction`, a method of `Formatter` the graph resolves like any other. It was
  /// taken for a call through a stored closure of its shape, and with no such closure in
  /// the module, what `callAsFunction` reads went unreported.
  ///
  /// Only for a value made by an initializer of a named type, in place or in a local: one
  /// whose type is written (`let handler: Handler`, a parameter) may name a closure alias,
  /// which the analyzer knows only once every file is read, so such a call stays a closure
  /// call.
  func callAsFunctionType(of call: FunctionCallExprSyntax) -> String? {
    // `Avatar(name: n)(scope)`: the new value called at once.
    if let made = call.calledExpression.as(FunctionCallExprSyntax.self) {
      return KeyInference.typeName(called: made.calledExpression)
    }
    guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      environment.localFunctions[name] == nil,
      // `Formatter()`: a `Formatter`, whatever its initializer's declaration makes the key.
      case .value(let value)? = environment.nameKeys[name], let type = value.initializedType, KeyInference.isTypeLike(type)
    else { return nil }
    return type
  }

  /// `formatter(row, scope)` where the type of `formatter` is written (`formatter: RowFormatter`,
  /// `RowFormatter?`): the call to the type's `callAsFunction`, made beside the closure call
  /// the same value may be (`CallSite.isValueCall`). `nil` for a function type written out.
  /// `formatter?(row, scope)` through a stored property: the call of the property, which the
  /// graph takes for its type's `callAsFunction` if it has one (a plain `formatter(row, scope)`
  /// is such a call already).
  func writtenCallAsFunctionCall(of call: FunctionCallExprSyntax, _ reader: () -> CallSiteReader) -> CallSite? {
    let callee = SyntaxFacts.unwrappingOptionals(call.calledExpression)
    if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, let written = environment.variableTypes[name] {
      guard environment.localFunctions[name] == nil, let type = ClosureSignature.possibleAlias(spelling: written) else { return nil }
      return reader().site(of: call).toCallAsFunction(of: type, isValueCall: true)
    }
    guard callee.id != call.calledExpression.id, environment.nameKeys[callee.trimmedDescription] == nil,
      callee.is(DeclReferenceExprSyntax.self) || callee.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    else { return nil }
    var site = reader().site(of: call, callee: callee)
    site.isValueCall = true
    return site
  }
}
#endif
