#if ImplicitsAnalysis
/// Who depends on each node of a `RequirementGraph`, by edge, flat: for a node `n`,
/// `starts[n]..<starts[n + 1]` index `nodes` (the dependent) and `edges` (its edge whose
/// source is `n`), in the order the dependents' edges are in the graph — the order the
/// solve's worklist passes keys on in, so the order that decides which edge brings a key in.
///
/// Made apart from the solve's seeds because it reads only the edges' sources and whether
/// they have a mask: `RequirementGraph.solve` has another thread make it while the calling
/// thread inserts the seeds (on a re-check the other core was idle through the solve).
struct SolveDependents: Sendable {
  private(set) var starts: [Int32]
  private(set) var nodes: [Int32]
  private(set) var edges: [Int32]
  /// Whether the edge has a mask: most have none, and reading the mask from the dependent's
  /// node (a random node, then its edge list) was a third of the solve's own time, in
  /// cache misses. Only masked edges are read there.
  private(set) var masked: [Bool]

  init(of graphNodes: [RequirementGraph.Node]) {
    let count = graphNodes.count
    var starts = [Int32](repeating: 0, count: count + 1)
    for index in 0..<count {
      for edge in graphNodes[index].edges.indices {
        if case .node(let source) = graphNodes[index].edges[edge].source { starts[source.index + 1] += 1 }
      }
    }
    for index in 0..<count { starts[index + 1] += starts[index] }
    var fill = starts
    var nodes = [Int32](repeating: 0, count: Int(starts[count]))
    var edges = [Int32](repeating: 0, count: Int(starts[count]))
    var masked = [Bool](repeating: false, count: Int(starts[count]))
    for index in 0..<count {
      for edge in graphNodes[index].edges.indices {
        guard case .node(let source) = graphNodes[index].edges[edge].source else { continue }
        let position = Int(fill[source.index])
        nodes[position] = Int32(index)
        edges[position] = Int32(edge)
        masked[position] = !graphNodes[index].edges[edge].mask.isEmpty
        fill[source.index] += 1
      }
    }
    (self.starts, self.nodes, self.edges, self.masked) = (starts, nodes, edges, masked)
  }
}
#endif
