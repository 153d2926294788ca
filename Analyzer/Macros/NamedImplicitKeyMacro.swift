#if ImplicitsMacros
import SwiftSyntax
import SwiftSyntaxMacros

/// `@NamedImplicitKey static let darkMode = Key<Bool>()` inside
/// `extension ImplicitsKeys` adds the tag type and the instance accessor that make
/// `\.darkMode` a key path to a unique key type:
///
/// ```swift
/// enum _darkMode_Tag {}
/// var darkMode: ImplicitKey<Bool, _darkMode_Tag>.Type { ImplicitKey<Bool, _darkMode_Tag>.self }
/// ```
///
/// For `Key<Bool>(default: false)` the tag conforms to `_ImplicitsDefaultTag`, forwarding
/// to the declaration's default, so a read of an undeclared key returns it.
///
/// The names are the ones the analysis plugin generates for an unannotated named key,
/// so a key reads the same in dumps and diagnostics whichever declared it; the plugin
/// skips keys that carry this attribute.
public struct NamedImplicitKeyMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let key = try NamedKeyDeclaration(declaration)
    try checkEnclosingExtension(of: declaration, in: context)
    return ImplicitsNaming.namedKeyDeclarations(
      name: key.spelledName, valueType: key.valueType, accessPrefix: key.accessPrefix, hasDefault: key.hasDefault
    ).map { "\(raw: $0)" }
  }

  /// Named keys are instance accessors of `ImplicitsKeys`; anywhere else the generated
  /// accessor would never be found by `\.name`.
  private static func checkEnclosingExtension(
    of declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws {
    // An empty lexical context means the host did not tell us; trust the user then.
    guard let enclosing = context.lexicalContext.first else { return }
    if let extensionDecl = enclosing.as(ExtensionDeclSyntax.self),
      NamedKeyDeclaration.isKeysNamespace(extensionDecl.extendedType.trimmedDescription)
    {
      return
    }
    throw MacroUsageError.at(
      declaration, .namedKeyOutsideImplicitsKeys(extended: enclosingName(enclosing)))
  }

  private static func enclosingName(_ node: Syntax) -> String {
    if let decl = node.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
    if let decl = node.asProtocol(NamedDeclSyntax.self) { return decl.name.text }
    return node.kind == .sourceFile ? "the file scope" : "\(node.kind)"
  }
}
#endif
