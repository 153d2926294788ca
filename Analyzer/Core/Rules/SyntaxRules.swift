#if ImplicitsAnalysis
import SwiftSyntax

/// The lint-like rules of the reference analyzer's rule set, each a `SyntaxRule` answering
/// one question about one file, all run in one walk (`SyntaxRuleWalker`). They run per
/// file, after parsing and beside the effect collection, and only report: nothing
/// downstream depends on them.
///
/// Rules that need the whole module (requirements, bags, callees) live in the graph
/// passes; see `Diagnostics/GraphDiagnoser`.
enum SyntaxRules {
  /// What the rules found in one file.
  struct Findings {
    var diagnostics: [Diagnostic] = []
    /// For the module-wide half of `ImplicitDeclarationRule`.
    var attributesOutsideImplicit: [AttributeOutsideImplicit] = []
  }

  static func check(_ tree: SourceFileSyntax, mentions: SourceMentions, file: FileContext) -> Findings {
    // A file that never mentions the API cannot break a rule about it.
    guard mentions.api else { return Findings() }
    let context = SyntaxRuleContext(file: file, mentions: mentions)
    let declarations = ImplicitDeclarationRule(context: context)
    let rules: [SyntaxRule] = [
      ScopeLifetimeRule(context: context),
      ScopeParameterRule(context: context),
      declarations,
      NamedKeysRule(context: context),
      StoredBagRule(context: context),
      ScopeClosureNameRule(context: context),
    ]
    SyntaxRuleWalker(context: context, rules: rules).walk(tree)
    return Findings(diagnostics: rules.flatMap(\.diagnostics), attributesOutsideImplicit: declarations.attributesOutsideImplicit)
  }
}
#endif
