#if ImplicitsAnalysis
import SwiftSyntax

extension EffectCollector {
  /// `formatter(row, scope)` where `let formatter = Formatter()`: Swift calls the value's
  /// `callAsFunction`, a method of `Formatter` the graph resolves like any other. It was
  /// taken for a call through a stored closure of its shape, and with no such closure in
  /// the module, what `callAsFunction` reads went unreported.
  ///
  /// Only for a local made by an initializer of a named type: one whose type is written
  /// (`let handler: Handler`, a parameter) may name a closure alias, which the analyzer
  /// knows only once every file is read, so such a call stays a closure call.
  func callAsFunctionType(of call: FunctionCallExprSyntax) -> String? {
    guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      environment.localFunctions[name] == nil,
      // `Formatter()`: a `Formatter`, whatever its initializer's declaration makes the key.
      case .value(let value)? = environment.nameKeys[name], let type = value.initializedType, KeyInference.isTypeLike(type)
    else { return nil }
    return type
  }
}
#endif
