#if ImplicitsAnalysis
/// Which of the module's functions run the scope-taking closures it keeps
/// (`ModuleInterface.closureRunners`): `Router.handle(_:_:)` calls `routes[path]?(path,
/// scope)`, so a dependant that hands `Router.on` a closure needs, at each call of
/// `handle`, what that closure needs (`GraphBuilder+DependencyClosures`).
extension AnalysisResult {
  /// For each implicit function (`internal` and wider) whose body, or a function it calls
  /// with its scope, calls through a closure value: the types of those values, as the
  /// graph names them (`(_, ImplicitScope)`, `Router#onRoute`, `Handler`). Sorted;
  /// `nil` when there is none.
  func closureRunners() -> [ModuleInterface.ClosureRunner]? {
    guard !graph.closureValueTypes.isEmpty else { return nil }
    let runs = closureValueReaches()
    var runners: [ModuleInterface.ClosureRunner] = []
    for file in files.indices {
      let declarations = files[file].declarations
      let bodies = solved.nodes(of: FileID(file)).bodies
      for index in declarations.functions.indices where declarations.functions[index].isImplicit {
        let function = declarations.functions[index]
        guard function.access >= .internal, let types = runs[bodies[function.node]] else { continue }
        runners.append(.init(
          type: function.typeName, name: function.signature,
          isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic,
          types: types.sorted()))
      }
    }
    guard !runners.isEmpty else { return nil }
    return Set(runners).sorted(by: Self.precedes)
  }

  /// By type, name, then instance members before static ones.
  private static func precedes(_ a: ModuleInterface.ClosureRunner, _ b: ModuleInterface.ClosureRunner) -> Bool {
    let (typeA, typeB) = (a.type ?? "", b.type ?? "")
    if typeA != typeB { return typeA < typeB }
    if a.name != b.name { return a.name < b.name }
    return a.isStatic != true && b.isStatic == true
  }

  /// Each node that runs the closures of a closure-value node, with those nodes' types:
  /// walked from each closure-value node to what calls it, and on to what calls that (an
  /// edge from node A to node B: B needs what A needs). A closure value copied into
  /// another (`.closureCopy`) is run where the other is.
  private func closureValueReaches() -> [NodeID: Set<String>] {
    // What depends on each node, for the nodes that may lie on such a path.
    var dependents: [NodeID: [NodeID]] = [:]
    for index in 0..<graph.nodeCount {
      let target = NodeID(index)
      for edge in graph[target].edges {
        guard case .node(let source) = edge.source, edge.mask.first != -1 else { continue }
        switch edge.role {
        case .call, .closure, .closureValueCall, .closureCopy, .closureParameterCall:
          dependents[source, default: []].append(target)
        default: continue
        }
      }
    }
    var reaches: [NodeID: Set<String>] = [:]
    for (values, type) in graph.closureValueTypes {
      var pending = dependents[values] ?? []
      var seen: Set<NodeID> = [values]
      while let node = pending.popLast() {
        guard seen.insert(node).inserted else { continue }
        reaches[node, default: []].insert(type)
        pending.append(contentsOf: dependents[node] ?? [])
      }
    }
    return reaches
  }
}
#endif
