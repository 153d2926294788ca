#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// One spelling per type key, whatever the source wrote: `Optional<T>` is `T?`, `T!` is
/// `T?`, `Array<T>` is `[T]`, `Dictionary<K, V>` is `[K: V]`, `(any P)` is `any P`,
/// `Swift.Int` is `Int`. Names are resolved later, against the module's declarations
/// (`KeyResolver`).
enum KeySpelling {
  static func canonical(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return generic(identifier.name.text, identifier.genericArgumentClause)
    }
    if let member = type.as(MemberTypeSyntax.self) {
      let base = canonical(member.baseType)
      if base == standardLibrary { return generic(member.name.text, member.genericArgumentClause) }
      return base + "." + generic(member.name.text, member.genericArgumentClause, sugar: false)
    }
    if let optional = type.as(OptionalTypeSyntax.self) { return optionalOf(canonical(optional.wrappedType)) }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return optionalOf(canonical(unwrapped.wrappedType))
    }
    if let array = type.as(ArrayTypeSyntax.self) { return "[" + canonical(array.element) + "]" }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return "[" + canonical(dictionary.key) + ": " + canonical(dictionary.value) + "]"
    }
    if let tuple = type.as(TupleTypeSyntax.self) {
      if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil {
        return canonical(only.type)
      }
    }
    if let existential = type.as(SomeOrAnyTypeSyntax.self) {
      return existential.someOrAnySpecifier.text + " " + canonical(existential.constraint)
    }
    if let composition = type.as(CompositionTypeSyntax.self) {
      return composition.elements.map { canonical($0.type) }.joined(separator: " & ")
    }
    if let metatype = type.as(MetatypeTypeSyntax.self) {
      return parenthesised(canonical(metatype.baseType)) + "." + metatype.metatypeSpecifier.text
    }
    return KeyInference.typeName(type)
  }

  /// The key of `X.self` written as an expression (`(any Logging).self`, `[Int].self`).
  static func canonical(expression: ExprSyntax) -> String {
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return reference.baseName.text
    }
    if let type = expression.as(TypeExprSyntax.self) { return canonical(type.type) }
    var parser = Parser(expression.trimmedDescription)
    let type = TypeSyntax.parse(from: &parser)
    return type.hasError ? KeyInference.typeName(expression) : canonical(type)
  }

  /// The standard library's module, which a key's spelling leaves out: `Swift.Int` is
  /// `Int`, `Swift.Optional<T>` is `T?`.
  static let standardLibrary = "Swift"

  /// A type name as read from a string (`GenericTypeName`) without the standard library's
  /// module: the same answer `canonical` gives for a member type written in the source.
  static func withoutStandardLibrary(_ name: Substring) -> Substring {
    let prefix = standardLibrary + "."
    return name.hasPrefix(prefix) ? name.dropFirst(prefix.count) : name
  }

  /// `T?`, with parentheses where the wrapped type has spaces (`(any P)?`).
  static func optionalOf(_ wrapped: String) -> String { parenthesised(wrapped) + "?" }

  private static func parenthesised(_ type: String) -> String {
    type.utf8.contains(UInt8(ascii: " ")) ? "(" + type + ")" : type
  }

  /// `Name<Arguments>` in canonical spelling, with the standard library's sugar unless
  /// `sugar` is false (a member type `A.Optional<T>` is not `Swift.Optional`).
  static func generic(_ name: String, _ clause: GenericArgumentClauseSyntax?, sugar: Bool = true) -> String {
    guard let clause else { return name }
    let arguments = clause.arguments.map { argument -> String in
      if let type = argument.argument.as(TypeSyntax.self) { return canonical(type) }
      return argument.argument.trimmedDescription
    }
    return generic(name, arguments: arguments, sugar: sugar)
  }

  /// `name` applied to `arguments` (each already canonical): the one place that decides
  /// the sugar, for types written in the source and for spellings read from strings
  /// (`GenericTypeName.canonical`).
  static func generic(_ name: String, arguments: [String], sugar: Bool = true) -> String {
    if sugar {
      switch (name, arguments.count) {
      case ("Optional", 1): return optionalOf(arguments[0])
      case ("Array", 1): return "[" + arguments[0] + "]"
      case ("Dictionary", 2): return "[" + arguments[0] + ": " + arguments[1] + "]"
      default: break
      }
    }
    return name + "<" + arguments.joined(separator: ", ") + ">"
  }
}
#endif
