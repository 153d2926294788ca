#if ImplicitsAnalysis
extension AnalysisResult {
  /// This module's interface: implicit functions visible to importers (public ones, and
  /// internal ones for `@testable` importers) with their solved requirements, and named keys.
  public var interface: ModuleInterface {
    var functions: [ModuleInterface.Function] = []
    var keys: [ModuleInterface.NamedKey] = []
    var valueFunctions: [ModuleInterface.ValueFunction] = []
    for (file, summary) in files.enumerated() {
      for function in summary.functions where function.access >= .internal && function.scopeParameter == nil
        && (function.typeName == nil || function.isStatic)
      {
        guard let returns = function.returnKey else { continue }
        valueFunctions.append(.init(
          type: function.typeName, name: function.baseName,
          parameters: function.parameters.map(ModuleInterface.Parameter.init),
          access: min(function.access, .public).rawValue, returns: returns))
      }
      for function in summary.functions where function.isImplicit && function.access >= .internal {
        let node = solved.nodes(of: FileID(file)).bodies[function.node]
        functions.append(ModuleInterface.Function(
          type: function.typeName, name: function.signature,
          parameters: function.parameters.map(ModuleInterface.Parameter.init),
          access: min(function.access, .public).rawValue, spi: function.isSPIImplicits,
          requires: graph.requirementNames(of: node),
          isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic))
      }
      for key in summary.namedKeys where key.access >= .internal {
        keys.append(.init(
          name: key.name, valueType: key.valueType, access: min(key.access, .public).rawValue,
          hasDefault: key.hasDefault ? true : nil))
      }
    }
    // Same-named overloads differ by parameters; the encoded parameter list breaks ties.
    functions = functions.map { (sortKey($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    keys.sort { ($0.name, $0.valueType) < ($1.name, $1.valueType) }
    let defaultedTypes = Set(files.flatMap(\.defaultedTypes)).sorted()
    valueFunctions = valueFunctions.map { function -> (String, ModuleInterface.ValueFunction) in
      let parameters = function.parameters.map { "\($0.label ?? "_"):\($0.defaulted)\($0.variadic ?? false)" }
      return ([function.type ?? "", function.name, parameters.joined(separator: ","), function.returns]
        .joined(separator: "\u{0}"), function)
    }.sorted { $0.0 < $1.0 }.map(\.1)
    return ModuleInterface(
      module: options.moduleName, functions: functions, namedKeys: keys,
      defaultedTypes: defaultedTypes.isEmpty ? nil : defaultedTypes,
      valueFunctions: valueFunctions.isEmpty ? nil : valueFunctions)
  }

  private func sortKey(_ function: ModuleInterface.Function) -> String {
    let parameters = function.parameters.map {
      "\($0.scope)\($0.defaulted)\($0.closure)\($0.escaping)\($0.scopeClosure ?? false)"
    }
    return [function.type ?? "", function.name, parameters.joined(), function.requires.joined(separator: ",")]
      .joined(separator: "\u{0}")
  }
}
#endif
