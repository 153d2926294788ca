#if ImplicitsAnalysis
import SwiftSyntax

/// `let (scope, _) = pair`, `let (scope, model): (ImplicitScope, Model) = make()`: a name
/// bound from a tuple whose written type holds a scope at its place is a variable of that
/// type, as `let scope = pair.0` is. The analyzer does not follow such a scope (what it
/// provides is unknown), and says so where it is passed (`scope-not-followed`), as it
/// does for `pair.0`; before, the name was bound without a type and the call passing it
/// was not checked at all.
extension EffectCollector {
  /// Gives the names of `pattern` the types of the tuple elements at their places: read
  /// from `annotation`, else from the written type of the variable `value` names.
  func typeTupleNames(_ pattern: PatternSyntax, annotation: TypeSyntax?, value: ExprSyntax?) {
    guard let tuple = pattern.as(TuplePatternSyntax.self) else { return }
    let spelling: String
    if let annotation {
      spelling = KeySpelling.canonical(annotation)
    } else if let name = value?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      environment.scopeTypedVariables.contains(name), let type = environment.variableTypes[name]
    {
      spelling = type
    } else {
      return
    }
    let types = TypeSpelling.tupleElements(spelling)
    guard types.count == tuple.elements.count else { return }
    for (element, type) in zip(tuple.elements, types) where ScopeType.isScope(spelling: type.type) {
      guard let name = element.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      environment.setType(type.type, of: name)
    }
  }
}
#endif
