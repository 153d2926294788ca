#if ImplicitsAnalysis
import SwiftSyntax

/// Parameter names of a closure literal.
enum ClosureSignature {
  static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?: list.map(\.name.text)
    case .parameterClause(let clause)?: clause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }
    case nil: []
    }
  }

  /// `{ () async in … }`, `{ @MainActor x async throws in … }`.
  static func isAsync(_ closure: ClosureExprSyntax) -> Bool {
    closure.signature?.effectSpecifiers?.asyncSpecifier != nil
  }

  /// `{ (row: Int, scope) in }`: `row` is an `Int`; an untyped parameter's key is unknown.
  static func bindParameterKeys(of closure: ClosureExprSyntax, in environment: inout LexicalEnvironment) {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?:
      for parameter in list { environment.setNameKey(parameter.name.text, NameKeys.unknown) }
    case .parameterClause(let clause)?:
      for parameter in clause.parameters.elements {
        let name = (parameter.secondName ?? parameter.firstName).text
        var type = parameter.type
        while let attributed = type?.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        environment.setNameKey(name, type.map { .spelled(KeySpelling.canonical($0)) } ?? NameKeys.unknown)
      }
    case nil:
      break
    }
  }

  /// Parameters without a written type: `{ scope in }`, `{ (scope) in }`.
  static func untypedParameterNames(of closure: ClosureExprSyntax) -> [String] {
    untypedParameters(of: closure).map(\.name)
  }

  /// Parameters without a written type, with their position among all parameters; for a
  /// closure that names none, the `$N` its body uses (`{ try await run($0, $1) }`).
  static func untypedParameters(of closure: ClosureExprSyntax) -> [(name: String, position: Int)] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?:
      return list.enumerated().map { ($0.element.name.text, $0.offset) }
    case .parameterClause(let clause)?:
      return clause.parameters.enumerated().filter { $0.element.type == nil }
        .map { (($0.element.secondName ?? $0.element.firstName).text, $0.offset) }
    case nil:
      return shorthandParameters(of: closure)
    }
  }

  /// The `$N` a closure's body uses, outside closures nested in it, in order of `N`.
  static func shorthandParameters(of closure: ClosureExprSyntax) -> [(name: String, position: Int)] {
    final class DollarFinder: SyntaxVisitor {
      var positions: Set<Int> = []
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier(let text) = token.tokenKind, let position = Int(text.dropFirst()) {
          positions.insert(position)
        }
        return .skipChildren
      }
    }
    let finder = DollarFinder(viewMode: .sourceAccurate)
    finder.walk(closure.statements)
    return finder.positions.sorted().map { ("$\($0)", $0) }
  }

  /// The parameter that is an `ImplicitScope`: written so (`{ (s: ImplicitScope) in }`), or
  /// at the scope's position in the function type the closure is bound to
  /// (`let f: (ImplicitScope) -> Void = { scope in }`, `$0` if it names no parameters).
  static func scopeParameter(of closure: ClosureExprSyntax, boundTo annotation: TypeSyntax? = nil) -> String? {
    if case .parameterClause(let clause)? = closure.signature?.parameterClause {
      for parameter in clause.parameters.elements where ScopeType.isScope(parameter.type) {
        return (parameter.secondName ?? parameter.firstName).text
      }
    }
    guard let position = scopePosition(inFunctionType: annotation) else { return nil }
    let names = parameterNames(of: closure)
    if names.isEmpty { return "$\(position)" }
    guard names.indices.contains(position), names[position] != "_" else { return nil }
    return names[position]
  }

  /// The one spelling of a type name that may be a closure alias, resolved once every file
  /// is read (`ScopeClosureAliases`): `PickHandler`, `Router.Handler`; `nil` for a function
  /// type written out. `generics`: whether `Handler<Row>` names `Handler` or nothing.
  static func possibleAlias(_ type: TypeSyntax, generics: Bool = false) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self), generics || identifier.genericArgumentClause == nil {
      return identifier.name.text
    }
    if let member = type.as(MemberTypeSyntax.self), generics || member.genericArgumentClause == nil {
      return member.trimmedDescription
    }
    return nil
  }

  /// The same of a type spelled as the analyzer keeps a variable's type
  /// (`KeyInference.typeName`): `Handler` of `Handler?`; `nil` for a generic or collection type.
  static func possibleAlias(spelling: String) -> String? {
    var type = spelling
    if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
    return KeyInference.isTypeLike(type) && !type.contains("<") && !type.contains("[") ? type : nil
  }

  /// Where `ImplicitScope` is among the parameters of a function type such as
  /// `@Sendable (Int, ImplicitScope) -> Void`, also `@escaping`, optional or parenthesised.
  static func scopePosition(inFunctionType type: TypeSyntax?) -> Int? {
    var type = type
    if let attributed = type?.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    if let optional = type?.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
    if let tuple = type?.as(TupleTypeSyntax.self), tuple.elements.count == 1 { type = tuple.elements.first?.type }
    guard let function = type?.as(FunctionTypeSyntax.self) else { return nil }
    return function.parameters.enumerated().first { ScopeType.isScope($0.element.type) }?.offset
  }
}
#endif
