#if ImplicitsMacros
import SwiftSyntax
import SwiftSyntaxMacros

/// `#implicits` → `__implicitsBag(site: "<Module>/<File>.swift:<line>:<column>")`.
///
/// The site names the position of the `#` of `#implicits` (1-based line and UTF-8
/// column, as swiftc and swift-syntax count them), so that the analyzer can find the
/// same token in its own parse. The call is unqualified on purpose: when the analysis
/// plugin runs, the target's generated support file declares the module's own
/// `__implicitsBag(site:)` that captures exactly the keys the analyzer proved necessary
/// for that site; a module's own top-level function shadows the public fallback of the
/// `Implicits` module, which captures the whole visible context. See
/// `Analyzer/Macros/README.md` for the full contract.
public struct ImplicitsBagMacro: ExpressionMacro {
  /// The site string used when the compiler cannot tell where the macro is written
  /// (for example inside another macro's expansion); the support file never knows it,
  /// so the fallback that captures the whole context applies.
  static let unknownSite = ImplicitsNaming.unknownBagSite

  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    if let argument = node.arguments.first {
      throw MacroUsageError.at(argument, .implicitsTakesNoArguments)
    }
    if let closure = node.trailingClosure {
      throw MacroUsageError.at(closure, .implicitsTakesNoArguments)
    }
    let site = siteString(of: node, in: context) ?? unknownSite
    let literal = StringLiteralExprSyntax(content: site)
    return "\(raw: ImplicitsNaming.bagFunction)(site: \(literal))"
  }

  /// `"<Module>/<File>.swift:<line>:<column>"` for the `#` token, or `nil` if the
  /// compiler reports no literal location.
  static func siteString(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) -> String? {
    guard
      let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID),
      let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
      let line = location.line.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
      let column = location.column.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) })
    else { return nil }
    return ImplicitsNaming.bagSite(fileID: file, line: line, column: column)
  }
}
#endif
