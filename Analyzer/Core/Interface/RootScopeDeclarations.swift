#if ImplicitsAnalysis
/// `rootScopeDeclares` of the interface: a function without a scope parameter that opens a
/// root scope, declares values and calls its closure parameter with that scope
/// (`withDependencies(_:_:)`, as a team writes when it migrates from a dependency
/// container). A dependant passing a closure there learns what the scope holds, instead
/// of needing everything the closure reads from its own caller.
extension RequirementGraph {
  /// For each of `slots` (the node standing for the closures passed for a parameter), the
  /// keys declared before every call of it, when every call is made under a root scope of
  /// the function (also through the function's in-place closures: `withScope { scope in
  /// operation(scope) }`). A slot called any other way (under a restored bag, handed to
  /// another function, from an escaping closure) has no entry.
  func rootScopeDeclarations(of slots: [NodeID]) -> [NodeID: [Int]] {
    guard !slots.isEmpty else { return [:] }
    // Who each slot and in-place closure is required by: the edges whose source they are.
    var dependents: [NodeID: [(node: NodeID, edge: Int)]] = [:]
    for node in ids {
      for (index, edge) in self[node].edges.enumerated() {
        guard case .node(let source) = edge.source, case .closure = self[source].kind else { continue }
        dependents[source, default: []].append((node, index))
      }
    }
    var result: [NodeID: [Int]] = [:]
    for slot in slots {
      if let declared = rootScopeDeclarations(of: slot, dependents: dependents) { result[slot] = declared }
    }
    return result
  }

  private func rootScopeDeclarations(of slot: NodeID, dependents: [NodeID: [(node: NodeID, edge: Int)]]) -> [Int]? {
    var declared: Set<Int>?
    var pending: [(node: NodeID, mask: Set<Int>)] = [(slot, [])]
    var steps = 0
    while let (node, mask) = pending.popLast() {
      guard let next = dependents[node], !next.isEmpty else { return nil }
      for (dependent, index) in next {
        let edge = self[dependent].edges[index]
        // An unknown declaration hides everything: not a set of keys to write down.
        guard edge.mask.first != RequirementGraph.Edge.hidesEverything.first else { return nil }
        let along = mask.union(edge.mask)
        switch self[dependent].kind {
        case .entry:
          declared = declared.map { $0.intersection(along) } ?? along
        case .closure(_?, _) where !self[dependent].isDetached:
          steps += 1
          guard steps <= 64 else { return nil }
          pending.append((dependent, along))
        default:
          return nil
        }
      }
    }
    return declared.map { $0.sorted { keyNames[$0] < keyNames[$1] } }
  }
}
#endif
