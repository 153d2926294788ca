#if ImplicitsAnalysis
import SwiftSyntax

/// How the scope API looks in syntax, for the rules: creations, `end()`, `withScope`, and
/// parameters that are scopes.
enum ScopeSyntax {
  enum Creation: Equatable {
    /// `ImplicitScope()`: a scope that starts from nothing.
    case root
    /// `ImplicitScope(with: bag)`.
    case bag
    /// `base.nested()`; whether `base` is a scope is for the caller to tell.
    case nested(base: String)
  }

  /// `ImplicitScope()`, `Implicits.ImplicitScope()`, `ImplicitScope(with: b)`,
  /// `let s: ImplicitScope = .init()`, `s.nested()`.
  static func creation(_ expression: ExprSyntax, annotation: TypeSyntax? = nil) -> Creation? {
    guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
    let called = call.calledExpression
    let isScopeType: Bool
    if let reference = called.as(DeclReferenceExprSyntax.self) {
      isScopeType = reference.baseName.text == "ImplicitScope"
    } else if let member = called.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      if name == "nested", call.arguments.isEmpty, let base = member.base?.as(DeclReferenceExprSyntax.self) {
        return .nested(base: base.baseName.text)
      }
      switch member.base {
      case nil: isScopeType = name == "init" && SyntaxFacts.isScopeType(annotation)
      case let base?:
        // Compared structurally: printing the base of every member call costs more than
        // the rest of the rule.
        isScopeType = (name == "ImplicitScope" && isReference(base, to: "Implicits"))
          || (name == "init" && (isReference(base, to: "ImplicitScope") || isQualifiedScopeType(base)))
      }
    } else {
      isScopeType = false
    }
    guard isScopeType else { return nil }
    if call.arguments.isEmpty { return .root }
    return call.arguments.first?.label?.text == "with" ? .bag : nil
  }

  private static func isReference(_ expression: ExprSyntax, to name: String) -> Bool {
    expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
  }

  /// `Implicits.ImplicitScope`.
  private static func isQualifiedScopeType(_ expression: ExprSyntax) -> Bool {
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
    return member.declName.baseName.text == "ImplicitScope" && isReference(base, to: "Implicits")
  }

  /// `name.end()`: the name of the receiver.
  static func endedName(_ call: FunctionCallExprSyntax) -> String? {
    guard call.arguments.isEmpty, call.trailingClosure == nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "end",
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    else { return nil }
    return base.baseName.text
  }

  /// `withScope { scope in … }`, `withScope(with:) { }`, `withScope(nesting:) { }`; the
  /// closure's first parameter is the scope `withScope` creates and ends.
  static func withScopeClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withScope" else { return nil }
    return call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
  }

  /// A `withScope` that starts from nothing (no `with:` or `nesting:` argument).
  static func isRootWithScope(_ call: FunctionCallExprSyntax) -> Bool {
    guard withScopeClosure(call) != nil else { return false }
    let first = call.arguments.first.flatMap { $0.expression.is(ClosureExprSyntax.self) ? nil : $0.label?.text }
    return first != "with" && first != "nesting"
  }

  /// The closure passed to `withScope`, if `closure` is one.
  static func isWithScopeBody(_ closure: ClosureExprSyntax) -> Bool {
    var node = Syntax(closure)
    if node.parent?.is(LabeledExprSyntax.self) == true { node = node.parent!.parent! }
    guard let call = node.parent?.as(FunctionCallExprSyntax.self) else { return false }
    return withScopeClosure(call)?.id == closure.id
  }
}
#endif
