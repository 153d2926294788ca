#if ImplicitsMacros
import SwiftDiagnostics
import SwiftSyntax

/// A validated `static let name = Key<Value>()` declaration.
struct NamedKeyDeclaration {
  /// The key's name without backticks (`darkMode`).
  let name: String
  /// The name as written, backticks included, for the generated accessor.
  let spelledName: String
  /// The value type, as written (`Bool`, `[String: Int]`).
  let valueType: String
  /// The access modifier to copy onto the generated declarations (`public `, or empty).
  let accessPrefix: String
  /// Declared as `Key<Value>(default: …)`: the tag forwards to the declaration's default.
  let hasDefault: Bool



  /// Reads `declaration` or throws a diagnostic that says what a named key looks like.
  init(_ declaration: some DeclSyntaxProtocol) throws {
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      throw MacroUsageError.at(declaration, .namedKeyNotAVariable)
    }
    guard variable.bindings.count == 1, let binding = variable.bindings.first else {
      throw MacroUsageError.at(variable.bindings, .namedKeyMultipleBindings)
    }
    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
      throw MacroUsageError.at(binding.pattern, .namedKeyNotAnIdentifier)
    }
    spelledName = identifier.text
    name = ImplicitsNaming.withoutBackticks(identifier.text)
    if binding.accessorBlock != nil {
      throw MacroUsageError.at(binding, .namedKeyComputed(name: name))
    }
    if !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
      throw MacroUsageError.at(
        variable.bindingSpecifier, .namedKeyNotStatic(name: name),
        fixIts: [Self.insertStatic(into: variable)])
    }
    if variable.bindingSpecifier.tokenKind != .keyword(.let) {
      throw MacroUsageError.at(
        variable.bindingSpecifier, .namedKeyNotLet(name: name),
        fixIts: [Self.replaceWithLet(variable.bindingSpecifier)])
    }
    valueType = try Self.valueType(of: binding, named: name)
    hasDefault = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.arguments.isEmpty == false
    accessPrefix =
      variable.modifiers
      .first { Self.accessKeywords.contains($0.name.tokenKind) && $0.detail == nil }
      .map { "\($0.name.text) " } ?? ""
  }

  private static let accessKeywords: [TokenKind] = [
    .keyword(.public), .keyword(.package), .keyword(.internal),
    .keyword(.fileprivate), .keyword(.private),
  ]

  /// The single type argument of `Key<T>()` or `Key<T>(default: value)`. Only these
  /// spellings are accepted: they are the ones the analyzer reads, so a key compiles with
  /// the macro exactly when the analyzer understands it.
  private static func valueType(of binding: PatternBindingSyntax, named name: String) throws -> String {
    guard let value = binding.initializer?.value,
      let call = value.as(FunctionCallExprSyntax.self),
      call.arguments.isEmpty || (call.arguments.count == 1 && call.arguments.first?.label?.text == "default"),
      call.trailingClosure == nil
    else {
      throw MacroUsageError.at(
        binding.initializer.map { Syntax($0.value) } ?? Syntax(binding), .namedKeyNotAKey(name: name))
    }
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Key" {
      throw MacroUsageError.at(callee, .namedKeyUnknownValueType(name: name))
    }
    guard let specialized = callee.as(GenericSpecializationExprSyntax.self),
      specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Key"
    else {
      throw MacroUsageError.at(callee, .namedKeyNotAKey(name: name))
    }
    if let annotation = binding.typeAnnotation {
      throw MacroUsageError.at(annotation, .namedKeyNotAKey(name: name))
    }
    return try singleArgument(of: specialized.genericArgumentClause, at: callee, named: name)
  }

  private static func singleArgument(
    of clause: GenericArgumentClauseSyntax, at node: some SyntaxProtocol, named name: String
  ) throws -> String {
    guard clause.arguments.count == 1, let argument = clause.arguments.first else {
      throw MacroUsageError.at(node, .namedKeyUnknownValueType(name: name))
    }
    // `argument.argument` is a `TypeSyntax` before swift-syntax 601 and an enum after;
    // its text is what we need either way.
    return argument.argument.trimmedDescription
  }

  /// `Self` too: the host may describe the extension's type that way.
  static func isKeysNamespace(_ name: String) -> Bool {
    name == "Self" || ImplicitsNaming.keysNamespaces.contains(name)
  }

  private static func insertStatic(into variable: VariableDeclSyntax) -> FixIt {
    let modifier = DeclModifierSyntax(name: .keyword(.static, trailingTrivia: .space))
    return FixIt(
      message: MacroFixItMessage(message: "insert 'static'"),
      changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(variable.with(\.modifiers, variable.modifiers + [modifier])))])
  }

  private static func replaceWithLet(_ specifier: TokenSyntax) -> FixIt {
    FixIt(
      message: MacroFixItMessage(message: "replace 'var' with 'let'"),
      changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.let))))])
  }
}
#endif
