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
/// Handed on to another function's such parameter (`present(onDone)` calling
/// `animate(onDone, scope)`), the path goes on through a copy of that function's path,
/// which ends at the forwarding call with what is declared there. The copy is made only
/// when the path is short and stays inside the functions: reached through a root scope of
/// the function, another closure passed for a parameter, a call with several candidates
/// or anything else, the parameter keeps the one set (more than needed, never less).
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

  /// `other(body, scope)` where `body` is the function's own non-escaping scope-closure
  /// parameter: the closures passed for `from` (its node) are passed for `to`, the node of
  /// `function`'s parameter, at `site` in `caller`, with `mask` declared there.
  struct ScopeClosureForward {
    var from: NodeID
    var to: NodeID
    var function: NodeID
    var caller: NodeID
    var mask: [Int]
    var site: CallSite
    var file: FileID
  }

  /// One step of a path to copy: an edge (its node and index), or the path through the
  /// function a parameter is handed on to.
  enum InstanceStep {
    case edge(NodeID, Int)
    indirect case forward(ScopeClosureForward, [InstanceStep])
  }

  /// The most nodes a copied path may have in one function: its closures nest a few deep.
  static let instancePathLimit = 16
  /// The most functions a parameter may be handed on through.
  static let instanceForwardLimit = 3

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

  /// The steps from `slot` up to `function`, in graph order; `nil` if some path leaves
  /// the function's in-place closures, is too long, or is handed on where it cannot follow.
  private func path(
    from slot: NodeID, to function: NodeID, dependents: Dependents, avoiding passed: Set<NodeID>, depth: Int = 0
  ) -> [InstanceStep]? {
    var edges: [(node: NodeID, edge: Int)] = []
    var forwards: [InstanceStep] = []
    var seen: Set<NodeID> = [slot]
    var pending = [slot]
    var reachesFunction = false
    while let node = pending.popLast() {
      let next = dependents[node]
      if next.isEmpty { return nil }
      for (dependent, edge) in next {
        if dependent == function {
          edges.append((dependent, edge))
          reachesFunction = true
          continue
        }
        if node == slot, let forward = scopeClosureForwards[[slot, dependent]] {
          // Handed on in the function's own body to one function of the module.
          guard let forward, forward.caller == function, forward.function != function, depth < Self.instanceForwardLimit,
            !graph[forward.function].isDetached,
            let inner = path(from: dependent, to: forward.function, dependents: dependents, avoiding: passed, depth: depth + 1)
          else { return nil }
          forwards.append(.forward(forward, inner))
          reachesFunction = true
          continue
        }
        edges.append((dependent, edge))
        guard case .closure(_?, _) = graph[dependent].kind, !graph[dependent].isDetached, !passed.contains(dependent)
        else { return nil }
        if seen.insert(dependent).inserted {
          guard seen.count <= Self.instancePathLimit else { return nil }
          pending.append(dependent)
        }
      }
    }
    guard reachesFunction else { return nil }
    return edges.sorted { ($0.node, $0.edge) < ($1.node, $1.edge) }.map { .edge($0.node, $0.edge) } + forwards
  }

  /// The path's nodes copied for one call: the closure runs in the copy of `slot`, and
  /// the copy of `function` is required by the caller at the call.
  private mutating func copy(
    _ path: [InstanceStep], from slot: NodeID, to function: NodeID, for instance: ScopeClosureInstance
  ) {
    let (copiedSlot, copiedFunction) = copy(path, from: slot, to: function, site: instance.site.location)
    graph.addEdge(to: copiedSlot, from: .node(instance.closure), location: instance.location, role: .closure)
    graph.addEdge(
      to: instance.caller, from: .node(copiedFunction), mask: instance.mask, location: instance.site.location,
      role: .call(calledName(instance.site, file: instance.file)))
  }

  /// Copies the nodes of `path`; returns the copies of `slot` and `function`.
  private mutating func copy(
    _ path: [InstanceStep], from slot: NodeID, to function: NodeID, site: SourceLoc
  ) -> (NodeID, NodeID) {
    var copies: [NodeID: NodeID] = [:]
    func copy(_ node: NodeID) -> NodeID {
      if let copied = copies[node] { return copied }
      let original = graph[node]
      let copied = graph.addNode(.init(
        kind: .closure(file: nil, scopeParameter: nil), name: original.name, location: original.location))
      copies[node] = copied
      graph.copies[copied] = .init(original: node, site: site)
      return copied
    }
    for step in path {
      switch step {
      case .edge(let node, let index):
        let edge = graph.edge(index, of: node)
        guard case .node(let source) = edge.source else { continue }
        let (from, to) = (copy(source), copy(node))
        graph.addEdge(to: to, from: .node(from), mask: edge.mask, location: edge.location, role: edge.role)
      case .forward(let forward, let inner):
        // As the original: the outer parameter's closures flow into the inner one at the
        // forwarding call, and the inner function is required there.
        let (innerSlot, innerFunction) = self.copy(inner, from: forward.to, to: forward.function, site: site)
        let call = RequirementGraph.Role.call(calledName(forward.site, file: forward.file))
        graph.addEdge(to: innerSlot, from: .node(copy(slot)), location: forward.site.location, role: call)
        graph.addEdge(to: copy(forward.caller), from: .node(innerFunction), mask: forward.mask, location: forward.site.location, role: call)
      }
    }
    return (copy(slot), copy(function))
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
