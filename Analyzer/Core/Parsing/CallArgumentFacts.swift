#if ImplicitsAnalysis
@_spi(RawSyntax) import SwiftSyntax

/// What the effects pass asks of every call's arguments before it reads any of them, read
/// once from the raw tree: whether there are any, and which kinds of expression they are.
/// Each question used to walk the typed argument list (a node per argument and per
/// expression, each retaining and releasing the tree's arena), for every call of a body;
/// almost every answer is "no", and the typed arguments are then never made.
struct CallArgumentFacts {
  /// `f()`: no arguments in parentheses (trailing closures are not arguments here).
  let isEmpty: Bool
  /// Some argument is `a.b` or `.b`: a closure property may be passed.
  let hasMemberAccess: Bool
  /// Some argument is a bare name.
  let hasReference: Bool
  /// Some argument is a call (`Implicits()`, `scope.nested()`).
  let hasCall: Bool

  init(_ call: FunctionCallExprSyntax) {
    var isEmpty = true
    var hasMemberAccess = false
    var hasReference = false
    var hasCall = false
    for expression in Self.expressions(of: call) {
      isEmpty = false
      switch expression.raw.kind {
      case .memberAccessExpr: hasMemberAccess = true
      case .declReferenceExpr: hasReference = true
      case .functionCallExpr: hasCall = true
      default: break
      }
    }
    self.isEmpty = isEmpty
    self.hasMemberAccess = hasMemberAccess
    self.hasReference = hasReference
    self.hasCall = hasCall
  }

  /// Whether the call passes one of `scopes` (`scope`, `(scope)`), as
  /// `LexicalEnvironment.scopePassed` tells it of each argument; `nil` when an argument is
  /// a `.nested()` call, which `RuntimeCall` classifies on the typed node.
  static func passesScope(_ call: FunctionCallExprSyntax, scopes: Set<String>) -> Bool? {
    var undecided = false
    for expression in expressions(of: call) {
      switch scopePassed(by: expression, scopes: scopes) {
      case .scope: return true
      case .undecided: undecided = true
      case .none: break
      }
    }
    return undecided ? nil : false
  }

  private enum Passed { case none, scope, undecided }

  private static func scopePassed(by expression: RawExprSyntax, scopes: Set<String>) -> Passed {
    if let reference = expression.as(RawDeclReferenceExprSyntax.self) {
      return scopes.contains(String(syntaxText: reference.baseName.tokenText)) ? .scope : .none
    }
    // `o!` where `let o: ImplicitScope? = scope`.
    if let unwrapped = expression.as(RawForceUnwrapExprSyntax.self) {
      return scopePassed(by: unwrapped.expression, scopes: scopes)
    }
    if let tuple = expression.as(RawTupleExprSyntax.self) {
      let elements = tuple.elements.layoutView.children
      guard elements.count == 1, let only = elements.first??.as(RawLabeledExprSyntax.self), only.label == nil
      else { return .none }
      return scopePassed(by: only.expression, scopes: scopes)
    }
    // Only `base.nested()` may be a scope passed (`RuntimeCall.nestedScope`).
    if let call = expression.as(RawFunctionCallExprSyntax.self), RuntimeCall.mayBeNestedScope(call) { return .undecided }
    return .none
  }

  private static func expressions(of call: FunctionCallExprSyntax) -> some Sequence<RawExprSyntax> {
    let arguments = call.raw.cast(RawFunctionCallExprSyntax.self).arguments.layoutView.children
    return arguments.lazy.compactMap { $0?.as(RawLabeledExprSyntax.self)?.expression }
  }
}
#endif
