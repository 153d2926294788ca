#if ImplicitsAnalysis
import SwiftSyntax

/// Parameter names of a closure literal.
enum ClosureSignature {
  static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?: list.map(\.name.text)
    case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: []
    }
  }

  /// Parameters without a written type: `{ scope in }`, `{ (scope) in }`.
  static func untypedParameterNames(of closure: ClosureExprSyntax) -> [String] {
    untypedParameters(of: closure).map(\.name)
  }

  /// Parameters without a written type, with their position among all parameters.
  static func untypedParameters(of closure: ClosureExprSyntax) -> [(name: String, position: Int)] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?:
      return list.enumerated().map { ($0.element.name.text, $0.offset) }
    case .parameterClause(let clause)?:
      return clause.parameters.enumerated().filter { $0.element.type == nil }
        .map { (($0.element.secondName ?? $0.element.firstName).text, $0.offset) }
    case nil:
      return []
    }
  }

  /// The parameter annotated `ImplicitScope`, if any.
  static func scopeParameter(of closure: ClosureExprSyntax) -> String? {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return nil }
    for parameter in clause.parameters where SyntaxFacts.isScopeType(parameter.type) {
      return (parameter.secondName ?? parameter.firstName).text
    }
    return nil
  }
}
#endif
