#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// Dependencies' stored properties of a scope-taking closure type written out
/// (`public var onRoute: ((Route, ImplicitScope) -> Void)?` of `Router` in a library): a
/// closure the module assigns to one (`router.onRoute = { route, scope in … }`) is kept by
/// the dependency and run later with its caller's scope, as one stored into a property of
/// the module's own. Its untyped parameters are typed by the property's type.
extension ScopeClosureAliases {
  /// `Router.onRoute` → (`Router#onRoute`, the scope's position) for each such property of
  /// `interfaces`, by the interface's spelling of its `valueType`.
  static func dependencyProperties(_ interfaces: [ModuleInterface]) -> [String: (name: String, position: Int)] {
    var found: [String: (name: String, position: Int)] = [:]
    for interface in interfaces {
      for property in interface.properties ?? [] where property.isStatic != true {
        // Only a written-out closure type names the scope (the dependency's aliases are not
        // in its interface): cheap tests before parsing.
        let spelling = property.valueType
        guard spelling.contains("->"), spelling.contains(ScopeType.name) else { continue }
        var parser = Parser(spelling)
        let type = SyntaxFacts.storedElement(of: TypeSyntax.parse(from: &parser))
        guard let position = SyntaxFacts.scopeClosurePosition(of: type) else { continue }
        found[property.type + "." + property.name] = (Self.property(property.name, of: property.type), position)
      }
    }
    return found
  }
}
#endif
