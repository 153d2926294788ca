#if ImplicitsAnalysis
/// Closures passed for a non-escaping scope-taking parameter, one instance per call.
///
/// `withRetry({ scope in … }, scope)` runs its closure before it returns, where it calls
/// `body(scope)`, with what it declares there. The graph has one node for "the closures
/// passed for this parameter", which the function needs: so every caller of `withRetry`
/// would need what the closure of any call needs, a false error at each caller that passes
/// a closure needing less. When two or more calls pass closures for one parameter, each
/// call gets its own copy of the path from that node up to the function (the function's
/// in-place closures on the way, with the masks of what it declares there), ending in an
/// edge to the caller at the call: the closure's needs reach that caller only, and the
/// original node is left with the closures passed in other ways (forwarded parameters,
/// calls with several candidates), as before.
///
/// The copy is made only when the path is short and stays inside the function: reached
/// through a forwarded parameter, a root scope of the function, another closure passed for
/// a parameter or anything else, the parameter keeps the one set (more than needed, never
/// less).
extension GraphBuilder {
  /// `body`-parameter calls: a closure literal passed for a non-escaping scope-taking
  /// parameter of a function of this module (the call's only candidate).
  struct ScopeClosureInstance {
    var closure: NodeID
    var parameter: Parameter
    /// The body making the call, what it declares there, and the call.
    var caller: NodeID
    var mask: [Int]
    var location: SourceLoc
    var site: CallSite
    var file: FileID
  }

  /// The most nodes a copied path may have: a function's closures nest a few deep.
  static let instancePathLimit = 16

  /// After every other edge is in.
  mutating func instantiateScopeClosures() {
    var byParameter: [Parameter: [Int]] = [:]
    for (index, instance) in scopeClosureInstances.enumerated() { byParameter[instance.parameter, default: []].append(index) }
    let shared = byParameter.filter { $0.value.count > 1 }
    guard !shared.isEmpty else { return }
    let dependents = Dependents(graph)
    let passed = Set(scopeClosureInstances.map(\.closure))
    for parameter in shared.keys.sorted(by: { ($0.function, $0.index) < ($1.function, $1.index) }) {
      let slot = scopeClosureParameter(parameter)
      guard !graph[parameter.function].isDetached,
        let path = path(from: slot, to: parameter.function, dependents: dependents, avoiding: passed)
      else { continue }
      let instances = shared[parameter]!.map { scopeClosureInstances[$0] }
      let closures = Set(instances.map(\.closure))
      graph.removeEdges(of: slot) { edge in
        guard case .node(let source) = edge.source, edge.role == .closure else { return false }
        return closures.contains(source)
      }
      for instance in instances { copy(path, from: slot, to: parameter.function, for: instance) }
    }
  }

  /// The edges from `slot` up to `function` (dependent node, edge index), in graph order;
  /// `nil` if some path leaves the function's in-place closures or is too long.
  private func path(
    from slot: NodeID, to function: NodeID, dependents: Dependents, avoiding passed: Set<NodeID>
  ) -> [(node: NodeID, edge: Int)]? {
    var edges: [(node: NodeID, edge: Int)] = []
    var seen: Set<NodeID> = [slot]
    var pending = [slot]
    var reachesFunction = false
    while let node = pending.popLast() {
      let next = dependents[node]
      if next.isEmpty { return nil }
      for (dependent, edge) in next {
        edges.append((dependent, edge))
        if dependent == function {
          reachesFunction = true
          continue
        }
        guard case .closure(_?, _) = graph[dependent].kind, !graph[dependent].isDetached, !passed.contains(dependent)
        else { return nil }
        if seen.insert(dependent).inserted {
          guard seen.count <= Self.instancePathLimit else { return nil }
          pending.append(dependent)
        }
      }
    }
    guard reachesFunction else { return nil }
    return edges.sorted { ($0.node, $0.edge) < ($1.node, $1.edge) }
  }

  /// The path's nodes copied for one call: the closure runs in the copy of `slot`, and
  /// the copy of `function` is required by the caller at the call.
  private mutating func copy(
    _ path: [(node: NodeID, edge: Int)], from slot: NodeID, to function: NodeID, for instance: ScopeClosureInstance
  ) {
    var copies: [NodeID: NodeID] = [:]
    func copy(_ node: NodeID) -> NodeID {
      if let copied = copies[node] { return copied }
      let original = graph[node]
      let copied = graph.addNode(.init(
        kind: .closure(file: nil, scopeParameter: nil), name: original.name, location: original.location))
      copies[node] = copied
      return copied
    }
    for (node, index) in path {
      let edge = graph.edge(index, of: node)
      guard case .node(let source) = edge.source else { continue }
      let (from, to) = (copy(source), copy(node))
      graph.addEdge(to: to, from: .node(from), mask: edge.mask, location: edge.location, role: edge.role)
    }
    graph.addEdge(to: copy(slot), from: .node(instance.closure), location: instance.location, role: .closure)
    graph.addEdge(
      to: instance.caller, from: .node(copy(function)), mask: instance.mask, location: instance.site.location,
      role: .call(calledName(instance.site, file: instance.file)))
  }

  /// Who depends on each node: the nodes with an edge from it, and that edge's index.
  private struct Dependents {
    private var starts: [Int32]
    private var entries: [(node: NodeID, edge: Int)]

    init(_ graph: RequirementGraph) {
      starts = [Int32](repeating: 0, count: graph.nodeCount + 1)
      for node in graph.ids {
        for edge in graph[node].edges {
          if case .node(let source) = edge.source { starts[source.index + 1] += 1 }
        }
      }
      for index in 0..<graph.nodeCount { starts[index + 1] += starts[index] }
      var fill = starts
      entries = Array(repeating: (NodeID(0), 0), count: Int(starts[graph.nodeCount]))
      for node in graph.ids {
        for (index, edge) in graph[node].edges.enumerated() {
          guard case .node(let source) = edge.source else { continue }
          entries[Int(fill[source.index])] = (node, index)
          fill[source.index] += 1
        }
      }
    }

    subscript(_ node: NodeID) -> ArraySlice<(node: NodeID, edge: Int)> {
      node.index + 1 < starts.count ? entries[Int(starts[node.index])..<Int(starts[node.index + 1])] : []
    }
  }
}
#endif
