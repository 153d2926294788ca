#if ImplicitsAnalysis
/// What each implicit function of the module requires in each build configuration it is
/// checked in (`BuildConfigurations`), so that the interface says under which conditions
/// a requirement holds (`Function.conditions`): a dependant that declares a value under
/// `#if DEBUG` for a function that reads it under `#if DEBUG` is correct in every
/// configuration, and is checked so.
///
/// The interface's functions and their keys come from the walk with every condition
/// undecided; the configurations only say where each of those requirements holds.
struct ConfigurationRequirements: Sendable {
  /// The conditions the configurations take, as `BuildConfigurations.conditions`.
  let conditions: [String]
  /// By function (its declaration's location): each key it requires in some
  /// configuration, with bit `n` set when configuration `n` requires it.
  private var holding: [SourceLoc: [KeyName: UInt32]] = [:]
  /// The same for the initializers subclasses inherit (`InheritedEntries`), by qualified
  /// name: they have no declaration of their own, and a subclass's share its place.
  private var inheritedHolding: [String: [KeyName: UInt32]] = [:]

  init(conditions: [String]) { self.conditions = conditions }

  /// Records what the module's implicit functions require in configuration `configuration`.
  mutating func record(_ configuration: Int, files: [FileSummary], solved: SolvedGraph) {
    let bit = UInt32(1) << configuration
    let graph = solved.graph
    for (file, summary) in files.enumerated() {
      let bodies = solved.nodes(of: FileID(file)).bodies
      for function in summary.declarations.functions where function.isImplicit {
        let required = graph.requirements(of: bodies[function.node]).keys
        guard !required.isEmpty else { continue }
        var keys = holding[function.location] ?? [:]
        for key in required { keys[graph.keyNames[key], default: 0] |= bit }
        holding[function.location] = keys
      }
    }
    for entry in InheritedEntries(solved, files: files).all {
      let required = graph.requirements(of: entry.node).keys
      guard !required.isEmpty else { continue }
      let name = entry.declaration.qualifiedName
      var keys = inheritedHolding[name] ?? [:]
      for key in required { keys[graph.keyNames[key], default: 0] |= bit }
      inheritedHolding[name] = keys
    }
  }

  /// The condition under which the function declared at `function` requires `key`
  /// (`RequirementCondition.always` in every configuration).
  func condition(of function: SourceLoc, key: KeyName) -> String {
    RequirementCondition.text(holding: holding[function]?[key] ?? 0, of: conditions)
  }

  /// The condition under which the inherited initializer `name` (`Sub.init(_:)`) requires `key`.
  func condition(ofInherited name: String, key: KeyName) -> String {
    RequirementCondition.text(holding: inheritedHolding[name]?[key] ?? 0, of: conditions)
  }
}
#endif
