#if ImplicitsAnalysis
extension AnalysisResult {
  /// This module's interface: implicit functions (public ones for importers, internal ones
  /// for `@testable` importers, private ones as steps) with their solved requirements and
  /// the links towards each read, and named keys.
  public var interface: ModuleInterface {
    var functions: [(entry: ModuleInterface.Function, node: NodeID)] = []
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
      // Every implicit function, private ones too: each is a step other functions' links
      // may lead through. Importers skip the ones they cannot call.
      for function in summary.declarations.functions where function.isImplicit {
        let node = solved.nodes(of: FileID(file)).bodies[function.node]
        functions.append((ModuleInterface.Function(
          type: function.typeName, name: function.signature,
          parameters: function.parameters.map(ModuleInterface.Parameter.init),
          access: min(function.access, .public).rawValue, spi: function.isSPIImplicits,
          requires: graph.requirementNames(of: node),
          isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic,
          file: file), node))
      }
      for key in summary.declarations.namedKeys where key.access >= .internal {
        keys.append(.init(
          name: key.name, valueType: key.valueType, access: min(key.access, .public).rawValue,
          hasDefault: key.hasDefault ? true : nil))
      }
    }
    // Same-named overloads differ by parameters; the encoded parameter list breaks ties.
    // Indices are sorted by the two names, not the entries: moving or passing a `Function`
    // copies its strings and arrays (retain, release), 10 % of a cached re-check at 5,000
    // files. Most pairs differ by type or name; the rest compare whole.
    let types = functions.map { $0.entry.type ?? "" }
    let names = functions.map(\.entry.name)
    let order = functions.indices.sorted { a, b in
      if types[a] != types[b] { return types[a] < types[b] }
      if names[a] != names[b] { return names[a] < names[b] }
      return Self.precedes(functions[a].entry, functions[b].entry)
    }
    functions = order.map { functions[$0] }
    let (table, linkedFiles) = linked(functions)
    keys.sort { ($0.name, $0.valueType) < ($1.name, $1.valueType) }
    let defaultedTypes = Set(files.flatMap(\.declarations.defaultedTypes)).sorted()
    valueFunctions = valueFunctions.map { function -> (String, ModuleInterface.ValueFunction) in
      let parameters = function.parameters.map { "\($0.label ?? "_"):\($0.defaulted)\($0.variadic ?? false)" }
      return ([function.type ?? "", function.name, parameters.joined(separator: ","), function.returns]
        .joined(separator: "\u{0}"), function)
    }.sorted { $0.0 < $1.0 }.map(\.1)
    return ModuleInterface(
      module: options.moduleName, functions: table, namedKeys: keys,
      defaultedTypes: defaultedTypes.isEmpty ? nil : defaultedTypes,
      valueFunctions: valueFunctions.isEmpty ? nil : valueFunctions, files: linkedFiles)
  }

  /// The sorted functions with their `links`, and the files they point into (only those,
  /// renumbered in order): `file` holds a summary's index until here.
  private func linked(
    _ functions: [(entry: ModuleInterface.Function, node: NodeID)]
  ) -> ([ModuleInterface.Function], [String]?) {
    var index: [NodeID: Int] = [:]
    for (position, function) in functions.enumerated() { index[function.node] = position }
    var table = functions.map(\.entry)
    var tokens: [[RequirementLink?]] = []
    var used: Set<Int> = []
    for (position, function) in functions.enumerated() {
      let home = table[position].file!
      let links = table[position].requires.map { link(of: $0, from: function.node, home: home, index: index) }
      if !links.isEmpty { used.insert(home) }
      for case let file? in links.map({ $0?.file }) { used.insert(file) }
      tokens.append(links)
    }
    guard !used.isEmpty else {
      for position in table.indices { table[position].file = nil }
      return (table, nil)
    }
    let files = used.sorted()
    let renumbered = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
    for position in table.indices {
      table[position].file = tokens[position].isEmpty ? nil : renumbered[table[position].file!]
      guard !tokens[position].isEmpty else { continue }
      let links = tokens[position].map { link in
        link.map { var link = $0; link.file = link.file.map { renumbered[$0]! }; return link }
      }
      table[position].links = RequirementLink.format(links)
    }
    return (table, files.map { paths[$0] })
  }

  /// The next step of `key` from `node`: the first call or read on its path, and the
  /// function reached there (this module's, by `index`, or a dependency's). Closures, bags,
  /// overload sets and closure parameters on the way are passed through: the call or read
  /// inside them is the step. `nil` when the path leads nowhere a reader can follow.
  private func link(of key: KeyName, from node: NodeID, home: Int, index: [NodeID: Int]) -> RequirementLink? {
    guard let id = graph.keyID(key) else { return nil }
    var current = node
    var location: SourceLoc?
    // Paths through closures and bags are a few nodes long: a list beats a set here.
    var visited: [NodeID] = []
    func step(at place: SourceLoc?, _ callee: RequirementLink.Callee?) -> RequirementLink? {
      guard let place else { return nil }
      let file = Int(place.file)
      return RequirementLink(
        file: file == home ? nil : file, line: Int(place.line), column: Int(place.column), callee: callee)
    }
    while !visited.contains(current), let edgeIndex = graph.requirement(id, of: current) {
      visited.append(current)
      let edge = graph.edge(edgeIndex, of: current)
      switch edge.role {
      case .call, .read, .storedProperty: location = location ?? edge.location
      case .closure, .bagCapture: break
      }
      // The read itself: where the key is read, even inside a closure called on the way.
      guard case .node(let next) = edge.source else { return step(at: edge.location ?? location, nil) }
      if let callee = index[next] { return step(at: location, .local(callee)) }
      if let callee = graph.dependencyChains.function(of: next) {
        return step(at: location, .external(module: callee.module, index: callee.index))
      }
      current = next
    }
    return nil
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
    let (requiresA, requiresB) = (a.requires.joined(separator: ","), b.requires.joined(separator: ","))
    if requiresA != requiresB { return requiresA < requiresB }
    // Private functions of the same name in different files.
    return (a.file ?? 0) < (b.file ?? 0)
  }

  private static func flags(_ p: ModuleInterface.Parameter) -> [Bool] {
    [p.scope, p.defaulted, p.closure, p.escaping, p.scopeClosure ?? false]
  }
}
#endif
