#if ImplicitsAnalysis
import SwiftSyntax

/// A function that makes a handler by wrapping closures by hand and returns it:
///
///     func compose(_ route: @escaping Handler) -> Handler {
///       let auth = AuthMiddleware()
///       let authed: Handler = { request, scope in auth.respond(to: request, scope, next: route) }
///       return { request, scope in logging.respond(to: request, scope, next: authed) }
///     }
///
/// What it returns is one of the closure literals its `return`s name, nothing else: a
/// property set only to its result (`handler = compose(…)`) holds those closures, and a
/// call through that property runs them (`GraphBuilder+ResultProperties`), rather than every
/// closure of the property's type.
///
/// The closures are followed only where they stay in sight: every argument of every call
/// in the function is a closure literal, a literal, a parameter (of the function, of a
/// closure it returns or of a local closure constant's) or a local closure constant. An
/// argument of any other kind (`next: self.fallback`, `next: makeHandler()`, `next: h` in
/// `handlers.forEach { h in … }`) may hand a middleware's `next` a closure that only the
/// union of the type's closures accounts for: such a function is not one.
enum ReturnedClosures {
  /// Whether a function returning `type` may return a closure of an alias or a function
  /// type: a name other than the standard library's common value types, or a function type.
  /// The others are not walked (`describe() -> String`).
  static func mayReturnClosures(_ type: TypeSyntax) -> Bool {
    var type = type
    if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    if type.is(FunctionTypeSyntax.self) { return true }
    if let member = type.as(MemberTypeSyntax.self) { return member.genericArgumentClause == nil }
    guard let name = type.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil else { return false }
    return !valueTypes.contains(name.name.text)
  }

  private static let valueTypes: Set<String> = [
    "Bool", "Character", "Data", "Date", "Double", "Float", "Int", "Int64", "Self", "String", "Substring",
    "UInt", "URL", "UUID", "Void",
  ]

  /// The closure literals `body` returns, if every `return` (or its only expression) is one
  /// and every call argument is of a kind listed above; `nil` otherwise.
  static func literals(in body: [CodeBlockItemSyntax], parameters: [String]) -> [ClosureExprSyntax]? {
    let returns: [ClosureExprSyntax]
    if body.count == 1, let only = body.first?.item.as(ExprSyntax.self) {
      guard let closure = only.as(ClosureExprSyntax.self) else { return nil }
      returns = [closure]
    } else {
      let finder = ReturnFinder(viewMode: .sourceAccurate)
      for item in body { finder.walk(item) }
      guard !finder.returns.isEmpty, !finder.returnsOther else { return nil }
      returns = finder.returns
    }
    var names = Set(parameters)
    for closure in returns { names.formUnion(ClosureSignature.parameterNames(of: closure)) }
    for item in body {
      guard let variable = item.item.as(VariableDeclSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.let)
      else { continue }
      for binding in variable.bindings {
        guard let closure = binding.initializer?.value.as(ClosureExprSyntax.self),
          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        names.insert(name)
        names.formUnion(ClosureSignature.parameterNames(of: closure))
      }
    }
    let checker = ArgumentChecker(viewMode: .sourceAccurate)
    checker.names = names
    for item in body { checker.walk(item) }
    return checker.passesOther ? nil : returns
  }

  /// The `return`s of the function itself (not of its closures or local functions).
  private final class ReturnFinder: SyntaxVisitor {
    var returns: [ClosureExprSyntax] = []
    var returnsOther = false

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
      if let closure = node.expression?.as(ClosureExprSyntax.self) { returns.append(closure) } else { returnsOther = true }
      return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }

  /// Whether some call is given an argument whose value the function does not show.
  private final class ArgumentChecker: SyntaxVisitor {
    var names: Set<String> = []
    var passesOther = false

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      passesOther = true
      return .skipChildren
    }
    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
      guard node.parent?.parent?.is(FunctionCallExprSyntax.self) == true else { return .visitChildren }
      if !Self.isInSight(node.expression, names: names) { passesOther = true }
      return .visitChildren
    }

    private static func isInSight(_ expression: ExprSyntax, names: Set<String>) -> Bool {
      if expression.is(ClosureExprSyntax.self) || expression.is(StringLiteralExprSyntax.self)
        || expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
        || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
      {
        return true
      }
      guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
      return names.contains(reference.baseName.text)
    }
  }
}
#endif
