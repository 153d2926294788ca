#if ImplicitsAnalysis
/// The graph's node and key ids shuffled, for tests only: what is printed (diagnostics,
/// interface, support file) must name keys by name (`keyRanks`) and places by file and
/// index, never by a raw id, or a graph kept from the last run with ids of its own (design
/// step 2, `Benchmarks/Analyzer/README.md`) would print otherwise than a cold check.
///
/// Set for one analysis with `Renumbering.$applied.withValue(…)`; `GraphBuilder.solve`
/// renumbers the graph it built, after the solve (`afterSolve`: every row kept, so the
/// outputs must be the same bytes) or before it (`beforeSolve`: the worklist then runs in
/// another order, which changes some recorded edges — why a patched solve must re-solve in
/// a cold build's node order, `RequirementGraph+Patch`).
struct Renumbering: Sendable {
  enum Stage: Sendable { case afterSolve, beforeSolve }

  var seed: UInt64
  var stage = Stage.afterSolve

  @TaskLocal static var applied: Renumbering?

  /// A permutation of `0..<count`, from `seed` and `salt` (Fisher–Yates over SplitMix64).
  func permutation(_ count: Int, salt: UInt64) -> [Int] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 ^ salt
    func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    var result = Array(0..<count)
    for index in stride(from: count - 1, to: 0, by: -1) { result.swapAt(index, next(index + 1)) }
    return result
  }
}

extension RequirementGraph {
  /// This graph with node `i` as `newNode[i]` and key `k` as `newKey[k]`; each node's edges
  /// in their order (so edge indices hold). Solved, its rows go along, sorted by the new key
  /// ids; not solved, it is not.
  func renumbered(nodes newNode: [Int], keys newKey: [Int]) -> RequirementGraph {
    var graph = RequirementGraph()
    var oldKey = [Int](repeating: 0, count: newKey.count)
    for (old, new) in newKey.enumerated() { oldKey[new] = old }
    for old in oldKey { _ = graph.key(keyNames[old]) }
    var oldNode = [Int](repeating: 0, count: newNode.count)
    for (old, new) in newNode.enumerated() { oldNode[new] = old }
    for old in oldNode {
      var node = nodes[old]
      node.edges = []
      _ = graph.addNode(node)
    }
    for (new, old) in oldNode.enumerated() {
      for edge in nodes[old].edges {
        let source: Edge.Source
        switch edge.source {
        case .key(let key): source = .key(newKey[key])
        case .node(let from): source = .node(NodeID(newNode[from.index]))
        }
        let mask = edge.mask == Edge.hidesEverything ? edge.mask : edge.mask.map { newKey[$0] }
        graph.addEdge(to: NodeID(new), from: source, mask: mask, location: edge.location, role: edge.role)
      }
    }
    func id(_ node: NodeID) -> NodeID { NodeID(newNode[node.index]) }
    graph.dependencyChains = dependencyChains.renumbered(id)
    graph.closureValueTypes = Dictionary(uniqueKeysWithValues: closureValueTypes.map { (id($0.key), $0.value) })
    graph.scopeClosureSlots = Dictionary(
      uniqueKeysWithValues: scopeClosureSlots.map { (id($0.key), $0.value.mapValues(id)) })
    graph.dependencyScopes = Dictionary(uniqueKeysWithValues: dependencyScopes.map { (id($0.key), $0.value) })
    guard dependents != nil else { return graph }
    let solved = solution
    var rows = Solution(reservingRows: solved.keys.count, nodes: nodes.count)
    for old in oldNode { rows.append(solved.rows(of: old).map { (key: Int32(newKey[Int($0)]), edge: $1) }) }
    graph.adopt(rows, dependents: SolveDependents(of: graph.nodes))
    return graph
  }
}

extension SolvedGraph {
  /// This graph renumbered as `renumbering` draws it, with every id the rest holds; solved
  /// after the renumbering if it was not before.
  func renumbered(_ renumbering: Renumbering) -> SolvedGraph {
    let newNode = renumbering.permutation(graph.nodeCount, salt: 1)
    let newKey = renumbering.permutation(graph.keyNames.count, salt: 2)
    func id(_ node: NodeID) -> NodeID { NodeID(newNode[node.index]) }
    var graph = graph.renumbered(nodes: newNode, keys: newKey)
    if graph.dependents == nil { graph.solve() }
    var symbols = symbols
    for index in symbols.callables.indices {
      symbols.setNode(id(symbols.callables[index].node), ofCallable: index)
    }
    return SolvedGraph(
      graph: graph, symbols: symbols,
      fileNodes: files.map { file in
        let nodes = nodes(of: file)
        return FileNodes(bodies: nodes.bodies.map(id), entries: nodes.entries.map(id), bags: nodes.bags.map(id))
      },
      restoredBags: Set(restoredBags.map(id)), captureAllBags: Set(captureAllBags.map(id)),
      overloadSets: overloadSets.map(id), diagnostics: diagnostics)
  }
}
#endif
