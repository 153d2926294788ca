#if ImplicitsAnalysis
import SwiftSyntax

/// Reads the key out of an `@Implicit` attribute and its variable.
enum ImplicitAttribute {
  /// The explicit key argument, else the annotated type, else (for declarations) the
  /// initial value's type; `nil` when none of these tells.
  static func key(
    of attribute: AttributeSyntax, annotation: TypeSyntax?, value: ExprSyntax? = nil, variable: String = "_",
    names: (ExprSyntax) -> WrittenKey? = { _ in nil }
  ) -> WrittenKey? {
    if case .argumentList(let arguments)? = attribute.arguments,
      let first = arguments.elements.first(where: { !isEvaluationOption($0.expression) })
    {
      if let key = KeyInference.key(fromArgument: first.expression) { return .spelled(key) }
      return nil
    }
    if let annotation { return .spelled(KeySpelling.canonical(annotation)) }
    if let value { return KeyInference.declaredKey(of: value, variable: variable, names: names) }
    return nil
  }

  /// `.lazy` in `@Implicit(.lazy)` or `@Implicit(\.key, .lazy)`: how the declaration is
  /// evaluated, not its key. A lazy declaration provides its key like any other.
  static func isEvaluationOption(_ expression: ExprSyntax) -> Bool {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil else { return false }
    return member.declName.baseName.text == "lazy"
  }

  static func genericMessage(_ name: String, _ parameter: String) -> String {
    "the key of implicit '\(name)' depends on the generic parameter '\(parameter)', which the analyzer cannot follow to each use; use a concrete type or a named key ('@Implicit(\\.key)')"
  }

  static func cannotInferMessage(_ name: String) -> String {
    "cannot infer the key of implicit '\(name)'; annotate its type ('@Implicit var \(name): T') or name the key ('@Implicit(\\.key)')"
  }
}
#endif
