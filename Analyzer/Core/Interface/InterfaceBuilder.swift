#if ImplicitsAnalysis
extension AnalysisResult {
  /// This module's interface: implicit functions visible to importers (public ones, and
  /// internal ones for `@testable` importers) with their solved requirements, and named keys.
  public var interface: ModuleInterface {
    var functions: [ModuleInterface.Function] = []
    var keys: [ModuleInterface.NamedKey] = []
    var valueFunctions: [ModuleInterface.ValueFunction] = []
    for (file, summary) in files.enumerated() {
      for function in summary.declarations.functions where function.access >= .internal && function.scopeParameter == nil
        && (function.typeName == nil || function.isStatic)
      {
        guard let returns = function.returnKey else { continue }
        valueFunctions.append(.init(
          type: function.typeName, name: function.baseName,
          parameters: function.parameters.map(ModuleInterface.Parameter.init),
          access: min(function.access, .public).rawValue, returns: returns))
      }
      for function in summary.declarations.functions where function.isImplicit && function.access >= .internal {
        let node = solved.nodes(of: FileID(file)).bodies[function.node]
        let requires = graph.requirementNames(of: node)
        // Only for functions other modules import normally: a chain per key is ~10× the rest
        // of an entry, and internal ones (for `@testable` importers) are most of a module.
        let chains = function.access > .internal
          ? requires.map { ModuleInterface.RequirementChain(key: $0, steps: steps(of: $0, from: node)) } : []
        functions.append(ModuleInterface.Function(
          type: function.typeName, name: function.signature,
          parameters: function.parameters.map(ModuleInterface.Parameter.init),
          access: min(function.access, .public).rawValue, spi: function.isSPIImplicits,
          requires: requires,
          isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic,
          chains: chains.isEmpty ? nil : chains))
      }
      for key in summary.declarations.namedKeys where key.access >= .internal {
        keys.append(.init(
          name: key.name, valueType: key.valueType, access: min(key.access, .public).rawValue,
          hasDefault: key.hasDefault ? true : nil))
      }
    }
    // Same-named overloads differ by parameters; the encoded parameter list breaks ties.
    functions.sort(by: Self.precedes)
    keys.sort { ($0.name, $0.valueType) < ($1.name, $1.valueType) }
    let defaultedTypes = Set(files.flatMap(\.declarations.defaultedTypes)).sorted()
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

  /// The calls `key` passes through from `node` and the read, in source terms; past a call
  /// into a dependency, the steps its interface gives. Closures and bags on the way are
  /// passed through without a step: the call or read inside them is the one that matters.
  private func steps(of key: KeyName, from node: NodeID) -> [ModuleInterface.Step] {
    let path = graph.path(of: key, from: node)
    var steps: [ModuleInterface.Step] = []
    for (node, edge) in path {
      guard let location = edge.location else { continue }
      let calls: String?
      switch edge.role {
      case .call(let name): calls = name
      case .read, .storedProperty: calls = nil
      case .closure, .bagCapture: continue
      }
      steps.append(.init(
        function: graph[node].name, calls: calls, file: paths[Int(location.file)],
        line: Int(location.line), column: Int(location.column)))
    }
    return steps + graph.externalSteps(of: key, after: path)
  }

  /// The order of the key `type \0 name \0 flags \0 requires`, where flags spell each
  /// parameter's `scope`, `defaulted`, `closure`, `escaping` and `scopeClosure` as
  /// `true`/`false`, compared without building that key: most pairs differ by type or name.
  private static func precedes(_ a: ModuleInterface.Function, _ b: ModuleInterface.Function) -> Bool {
    let (typeA, typeB) = (a.type ?? "", b.type ?? "")
    if typeA != typeB { return typeA < typeB }
    if a.name != b.name { return a.name < b.name }
    // Spelled flags compare as the flags do (`false` < `true`), and a shorter list first.
    let (flagsA, flagsB) = (a.parameters.flatMap(flags), b.parameters.flatMap(flags))
    if flagsA != flagsB { return flagsA.lexicographicallyPrecedes(flagsB) { !$0 && $1 } }
    // Keys may contain `,` (generic arguments): compare them joined, as the key does.
    return a.requires.joined(separator: ",") < b.requires.joined(separator: ",")
  }

  private static func flags(_ p: ModuleInterface.Parameter) -> [Bool] {
    [p.scope, p.defaulted, p.closure, p.escaping, p.scopeClosure ?? false]
  }
}
#endif
