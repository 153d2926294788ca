#if ImplicitsAnalysis
extension RequirementGraph {
  /// The edges `key` crosses from `node` down to where it arises, each with the node it
  /// leaves: ends at the read, or at the dependency's function that requires the key.
  func path(of key: KeyName, from node: NodeID) -> [(node: NodeID, edge: Edge)] {
    guard let id = keyID(key) else { return [] }
    var path: [(node: NodeID, edge: Edge)] = []
    var current = node
    var visited: Set<NodeID> = []
    while visited.insert(current).inserted, let index = requirements(of: current)[id] {
      let edge = self[current].edges[index]
      // A dependency's own requirement; past it only through the closures a dependant
      // handed it to keep (`GraphBuilder+DependencyClosures`).
      if case .external = self[current].kind, edge.source.isKey { break }
      path.append((current, edge))
      guard case .node(let next) = edge.source else { break }
      current = next
    }
    return path
  }

  /// What the dependency's function where `path` ends gives for `key`: the steps inside
  /// that module down to the read; empty when the path ends in this module.
  func externalSteps(of key: KeyName, after path: [(node: NodeID, edge: Edge)]) -> [DependencyChains.Step] {
    guard let last = path.last, case .node(let callee) = last.edge.source else { return [] }
    return dependencyChains.steps(of: key, from: callee)
  }
}
#endif
