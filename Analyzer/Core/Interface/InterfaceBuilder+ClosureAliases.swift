#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// The shapes of the module's scope-taking closure aliases that its closure runners call
/// values of (`ModuleInterface.closureAliases`): `Router.handle(_:_:)` runs values of
/// `Handler` (`closureRunners`). A dependant sees only the name; the shape says which of
/// the closures it hands over such a call runs, and the alias's properties which of those
/// it assigns (`GraphBuilder+DependencyClosures`).
extension AnalysisResult {
  /// The aliases among `runners`' types, with their number of parameters, the scope's
  /// position and the properties of `properties` of their type. Sorted by name; `nil` when
  /// none.
  func closureAliases(
    runners: [ModuleInterface.ClosureRunner]?, properties: [ModuleInterface.Property]?
  ) -> [ModuleInterface.ClosureAlias]? {
    guard let runners else { return nil }
    var positions: [String: Int] = [:]
    for file in files.indices {
      for (name, position) in files[file].declarations.scopeClosureAliases { positions[name] = position }
    }
    let named = Set(runners.flatMap(\.types).filter { positions[$0] != nil })
    guard !named.isEmpty else { return nil }
    let stored = aliasTypedProperties(of: named, exported: Set((properties ?? []).map { $0.type + "." + $0.name }))
    var aliases: [String: ModuleInterface.ClosureAlias] = [:]
    for file in files.indices {
      for (name, target) in files[file].declarations.typeAliases where named.contains(name) {
        guard let position = positions[name], let arity = Self.arity(ofFunctionType: target) else { continue }
        aliases[name] = .init(name: name, arity: arity, scopePosition: position, properties: stored[name]?.sorted())
      }
    }
    return aliases.isEmpty ? nil : aliases.values.sorted { $0.name < $1.name }
  }

  /// Alias of `named` → its stored properties among `exported` (`Type.name`), as
  /// `Type#name`: those whose written type's element (through optionals and collections)
  /// names the alias, looked up from the property's type outwards.
  private func aliasTypedProperties(of named: Set<String>, exported: Set<String>) -> [String: [String]] {
    guard !exported.isEmpty else { return [:] }
    var found: [String: [String]] = [:]
    for file in files.indices {
      for type in files[file].declarations.types {
        for (name, written) in type.propertyTypes where exported.contains(type.name + "." + name) {
          let element = CallSiteReader.stripGenerics(TypeSpelling.storedElement(written))
          var scope: String? = type.name
          var alias: String?
          while alias == nil, let owner = scope {
            if named.contains(owner + "." + element) { alias = owner + "." + element }
            scope = owner.lastIndex(of: ".").map { String(owner[..<$0]) }
          }
          guard let alias = alias ?? (named.contains(element) ? element : nil) else { continue }
          found[alias, default: []].append(ScopeClosureAliases.property(name, of: type.name))
        }
      }
    }
    return found
  }

  /// The number of parameters of a function type as `KeyInference.typeName` spells it
  /// (`@Sendable(String,ImplicitScope)->Void` → 2); parsed: a parameter's own type may hold
  /// commas and arrows.
  private static func arity(ofFunctionType spelling: String) -> Int? {
    var parser = Parser(spelling)
    var type = TypeSyntax.parse(from: &parser)
    while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    return type.as(FunctionTypeSyntax.self)?.parameters.count
  }
}
#endif
