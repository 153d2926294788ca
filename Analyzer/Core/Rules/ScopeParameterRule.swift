#if ImplicitsAnalysis
import SwiftSyntax

/// How functions take a scope: as `_ scope: ImplicitScope` or `_: ImplicitScope`
/// (`scope-parameter-name`), at most once (`scope-parameter-duplicate`), never in a
/// function declared inside another body (`scope-parameter-in-local-function`), which
/// callers in other files could not name, and never optional (`scope-parameter-optional`):
/// a function is implicit only through a scope it is sure to get.
final class ScopeParameterRule: SyntaxRule {
  override func visit(_ node: FunctionDeclSyntax) {
    let isOperator: Bool
    switch node.name.tokenKind {
    case .binaryOperator, .prefixOperator, .postfixOperator: isOperator = true
    default: isOperator = false
    }
    check(node.signature.parameterClause.parameters, of: node.name.text, isLocal: Self.isLocal(node),
      namesAreInternal: isOperator)
  }

  override func visit(_ node: InitializerDeclSyntax) {
    check(node.signature.parameterClause.parameters, of: "init", isLocal: false, namesAreInternal: false)
  }

  override func visit(_ node: SubscriptDeclSyntax) {
    check(node.parameterClause.parameters, of: "subscript", isLocal: false, namesAreInternal: true)
  }

  /// - Parameter namesAreInternal: operators and subscripts have no argument labels, so a
  ///   single name (`scope: ImplicitScope`) is the parameter's own name.
  /// `name` and `isLocal` are worked out only for a function that takes a scope.
  private func check(
    _ parameters: FunctionParameterListSyntax, of name: @autoclosure () -> String, isLocal: @autoclosure () -> Bool,
    namesAreInternal: Bool
  ) {
    // A loop, not `parameters.filter`: on a syntax collection that builds a new syntax node.
    var scopes: [FunctionParameterSyntax] = []
    for parameter in parameters.elements {
      if ScopeType.isScope(parameter.type) {
        scopes.append(parameter)
      } else if let optional = ScopeType.optionalScopeSpelling(parameter.type) {
        error(.scopeParameterOptional,
          "'\(name())' takes the scope as '\(optional)', which the analyzer does not follow, so what it needs is not checked; take '_ scope: ImplicitScope' (a caller without a scope can open one: 'withScope { scope in … }')",
          at: parameter.type)
      }
    }
    guard let first = scopes.first else { return }
    if isLocal() {
      error(.scopeParameterInLocalFunction,
        "local function '\(name())' takes an ImplicitScope; drop the parameter and let it use the enclosing function's scope, or move it out of the body (for example as a 'private' function)",
        at: first)
    }
    for parameter in scopes {
      let isWellNamed = parameter.firstName.tokenKind == .wildcard
        ? parameter.secondName == nil || parameter.secondName?.text == "scope"
        : namesAreInternal && parameter.secondName == nil && parameter.firstName.text == "scope"
      if !isWellNamed {
        error(.scopeParameterName,
          "write the scope parameter as '_ scope: ImplicitScope' (or '_: ImplicitScope'), not '\(parameter.firstName.text)\(parameter.secondName.map { " " + $0.text } ?? ""):'",
          at: parameter)
      }
    }
    for parameter in scopes.dropFirst() {
      error(.scopeParameterDuplicate,
        "'\(name())' takes more than one ImplicitScope; take one scope and nest or restore others inside",
        at: parameter, notes: [note("the first scope parameter is here", at: first)])
    }
  }

  /// Declared in a function, closure or accessor body rather than in a type or a file.
  private static func isLocal(_ node: FunctionDeclSyntax) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return false }
      if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self) {
        return true
      }
      current = parent.parent
    }
    return false
  }
}
#endif
