#if ImplicitsAnalysis
import SwiftSyntax

/// Keys the library provides without a declaration in a scope: keys with a default
/// (`Key<T>(default:)`, `extension T: DefaultImplicit`) and, in a test, what its
/// `.implicits { }` traits declare.
enum ProvidedByLibrary {
  /// The keys declared by `.implicits { … }` traits in a `@Test(…)` or `@Suite(…)`
  /// attribute, unresolved; `nil` when there is no such trait.
  static func traitKeys(in attributes: AttributeListSyntax) -> [KeyName]? {
    var keys: [KeyName]?
    for element in attributes {
      guard case .attribute(let attribute) = element,
        SyntaxFacts.isNamed(attribute.attributeName, "Test") || SyntaxFacts.isNamed(attribute.attributeName, "Suite"),
        case .argumentList(let arguments)? = attribute.arguments
      else { continue }
      for argument in arguments {
        guard let closure = implicitsTraitClosure(argument.expression) else { continue }
        keys = (keys ?? []) + declaredKeys(in: closure)
      }
    }
    return keys
  }

  /// Whether the attributes include `@Test` (with or without arguments).
  static func isTest(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return SyntaxFacts.isNamed(attribute.attributeName, "Test")
    }
  }

  /// The closure of `.implicits { … }` (also `.implicits(file:line:) { … }`).
  private static func implicitsTraitClosure(_ expression: ExprSyntax) -> ClosureExprSyntax? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "implicits"
    else { return nil }
    return call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
  }

  /// Keys of the `@Implicit` declarations at the top level of a trait's closure.
  private static func declaredKeys(in closure: ClosureExprSyntax) -> [KeyName] {
    closure.statements.compactMap { item -> KeyName? in
      guard let variable = item.item.as(VariableDeclSyntax.self),
        let attribute = SyntaxFacts.implicitAttribute(in: variable.attributes),
        let binding = variable.bindings.first,
        let value = binding.initializer?.value
      else { return nil }
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "_"
      return ImplicitAttribute.key(
        of: attribute, annotation: binding.typeAnnotation?.type, value: value, variable: name)
    }
  }

  /// Whether an inheritance clause names `DefaultImplicit`: the type's key has a default.
  static func conformsToDefaultImplicit(_ clause: InheritanceClauseSyntax?) -> Bool {
    clause?.inheritedTypes.contains { SyntaxFacts.isNamed($0.type, "DefaultImplicit") } ?? false
  }
}
#endif
