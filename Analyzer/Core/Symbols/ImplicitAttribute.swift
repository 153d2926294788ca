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

  /// The same key for binding `index` of `variable`, read from its `facts`: typed nodes are
  /// made only for a key argument other than `\.name` and for an annotation other than a
  /// plain name (`@Implicit var value: Service` and `@Implicit(\.flag) var flag` make none).
  static func key(
    of variable: VariableDeclSyntax, _ facts: VariableFacts, binding index: Int, value: ExprSyntax? = nil,
    names: (ExprSyntax) -> WrittenKey? = { _ in nil }
  ) -> WrittenKey? {
    guard let implicit = facts.implicit else { return nil }
    switch implicit.key {
    case .named(let key): return .spelled(key)
    // The argument decides; the annotation and the value are not read.
    case .written: return variable.implicitAttribute(facts).flatMap { key(of: $0, annotation: nil) }
    case .none: break
    }
    let binding = facts.bindings[index]
    switch binding.annotation {
    case .name(let name): return .spelled(name)
    case .written:
      return variable.binding(at: index).typeAnnotation.map { .spelled(KeySpelling.canonical($0.type)) }
    case .none:
      return value.flatMap { KeyInference.declaredKey(of: $0, variable: binding.name ?? "_", names: names) }
    }
  }

  /// `.lazy` in `@Implicit(.lazy)` or `@Implicit(\.key, .lazy)`: how the declaration is
  /// evaluated, not its key. A lazy declaration provides its key like any other.
  static func isEvaluationOption(_ expression: ExprSyntax) -> Bool {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil else { return false }
    return member.declName.baseName.text == "lazy"
  }

  /// The key `init(_ scope:)` reads for stored `@Implicit` property `name` (binding `index`
  /// of `variable`), or the error that says why it has none: a stored one takes no initial
  /// value, and its key is the attribute's or the annotation's, spelled, naming none of
  /// `generics`. For a type of the module and one declared in a body alike.
  static func storedKey(
    of variable: VariableDeclSyntax, _ facts: VariableFacts, binding index: Int, named name: String,
    generics: Set<String>
  ) -> Result<KeyName, StoredKeyError> {
    guard !facts.bindings[index].hasValue else {
      return .failure(.init(id: .storedImplicitInitialValue, message: PassMessages.storedImplicitInitialValue(name)))
    }
    guard case .spelled(let key)? = self.key(of: variable, facts, binding: index) else {
      return .failure(.init(id: .keyNotInferable, message: cannotInferMessage(name)))
    }
    if let generic = KeyInference.genericParameter(in: key, generics) {
      return .failure(.init(id: .keyNotInferable, message: genericMessage(name, generic)))
    }
    return .success(key)
  }

  struct StoredKeyError: Error {
    var id: DiagnosticID
    var message: String
  }

  static func genericMessage(_ name: String, _ parameter: String) -> String {
    "the key of implicit '\(name)' depends on the generic parameter '\(parameter)', which the analyzer cannot follow to each use; use a concrete type or a named key ('@Implicit(\\.key)')"
  }

  static func cannotInferMessage(_ name: String) -> String {
    "cannot infer the key of implicit '\(name)'; annotate its type ('@Implicit var \(name): T') or name the key ('@Implicit(\\.key)')"
  }
}
#endif
