#if ImplicitsAnalysis
/// A solve patched after some nodes' edges changed, equal to a whole solve (design step 1
/// of "The floor of a re-check, measured, and the design of a change-driven graph",
/// `Benchmarks/Analyzer/README.md`): the incremental primitive a re-check will call once
/// the last run's graph is kept.
///
/// Why not only the nodes downstream of the change (D): the solve records, for each key a
/// node requires, the edge it first arrived through in a last-in-first-out worklist, and
/// notes and interface links print that edge. Which edge that is depends on when each
/// source passed the key on, so on the whole upstream of the node, not on its own edges and
/// its sources' keys alone: ~1 % of the records at 5,000 generated files differ from "the
/// first edge that carries the key". Solved alone with the other rows fixed, D gets those
/// wrong. U, D and everything upstream of it, is closed upstream, and a set closed upstream
/// solved alone in the graph's node and edge order records what the whole solve records
/// (`RequirementSolveTests.upstreamSubgraphSolvesAlikeAlone`): no pop of a node outside it
/// pushes a node inside, so the worklist restricted to it runs as it would alone.
extension RequirementGraph {
  /// What a patched solve re-solved: D, the nodes downstream of a changed one (itself
  /// included), and U, D with everything upstream of it; both in node order.
  struct Patch: Sendable {
    var downstream: [NodeID]
    var upstream: [NodeID]
  }

  /// Re-solves after the edges of `changed` changed, from `old`, the last solve's rows put in
  /// this graph's ids (a node's rows at its id now; those of changed and added nodes are not
  /// read): U is solved alone, every other node keeps its row.
  ///
  /// What the rows kept depend on, and why they hold: a node outside U is not downstream of
  /// a changed node, so no node upstream of it changed its edges, and none of them is in D.
  /// Its rows depend only on its upstream's edges, masks and order, which are the same —
  /// provided `changed` holds every node whose edges changed (sources, masks, their order),
  /// every node added, every node whose edges read a node removed, and every node whose
  /// place among the others moved; key ids may differ from the last solve's only if `old`
  /// was put in these (rows sorted by these ids).
  ///
  /// - Returns: D and U.
  @discardableResult
  mutating func resolve(upstreamOf changed: some Sequence<NodeID>, keeping old: Solution) -> Patch {
    let dependents = SolveDependents(of: nodes)
    let patch = patchRegion(changed: changed, dependents: dependents)
    resolve(patch.upstream, keeping: old, dependents: dependents)
    return patch
  }

  /// D and U for `changed` (`resolve(upstreamOf:keeping:)`); `dependents`: this graph's.
  func patchRegion(changed: some Sequence<NodeID>, dependents: SolveDependents) -> Patch {
    var inDownstream = [Bool](repeating: false, count: nodes.count)
    var stack: [Int] = []
    for node in changed where !inDownstream[node.index] {
      inDownstream[node.index] = true
      stack.append(node.index)
    }
    while let node = stack.popLast() {
      for position in Int(dependents.starts[node])..<Int(dependents.starts[node + 1]) {
        let dependent = Int(dependents.nodes[position])
        if !inDownstream[dependent] {
          inDownstream[dependent] = true
          stack.append(dependent)
        }
      }
    }
    var inUpstream = inDownstream
    stack = inDownstream.indices.filter { inDownstream[$0] }
    while let node = stack.popLast() {
      for edge in nodes[node].edges {
        if case .node(let source) = edge.source, !inUpstream[source.index] {
          inUpstream[source.index] = true
          stack.append(source.index)
        }
      }
    }
    return Patch(
      downstream: inDownstream.indices.filter { inDownstream[$0] }.map(NodeID.init),
      upstream: inUpstream.indices.filter { inUpstream[$0] }.map(NodeID.init))
  }

  /// Solves `region` alone, in this graph's node and edge order, and keeps `old`'s rows for
  /// every other node. A node outside the region that a region node's edge reads stands as a
  /// node reading, at its place, the keys its kept rows hold. Exact only for a region closed
  /// upstream, which reads none (`resolve(upstreamOf:keeping:)`); the tests solve D alone and
  /// U less one node this way, to show that those are not.
  mutating func resolve(_ region: [NodeID], keeping old: Solution, dependents: SolveDependents) {
    precondition(old.nodeCount == nodes.count, "kept rows for every node, in this graph's ids")
    var inRegion = [Bool](repeating: false, count: nodes.count)
    for node in region { inRegion[node.index] = true }
    var standsIn = [Bool](repeating: false, count: nodes.count)
    for node in region {
      for edge in nodes[node.index].edges {
        if case .node(let source) = edge.source, !inRegion[source.index] { standsIn[source.index] = true }
      }
    }
    var alone = RequirementGraph()
    alone.keyNames = keyNames
    var position = [Int32](repeating: -1, count: nodes.count)
    for index in nodes.indices where inRegion[index] || standsIn[index] {
      var node = nodes[index]
      node.edges = []
      position[index] = Int32(alone.addNode(node).index)
    }
    for index in nodes.indices where position[index] >= 0 {
      let target = NodeID(Int(position[index]))
      if !inRegion[index] {
        for (key, _) in old.rows(of: index) { alone.addEdge(to: target, from: .key(Int(key)), location: nil, role: .read) }
        continue
      }
      alone.reserveEdges(nodes[index].edges.count, of: target)
      for edge in nodes[index].edges {
        var source = edge.source
        if case .node(let from) = source { source = .node(NodeID(Int(position[from.index]))) }
        alone.addEdge(to: target, from: source, mask: edge.mask, location: edge.location, role: edge.role)
      }
    }
    alone.solve()
    let solved = alone.solution
    // Kept rows copied a run of nodes at a time: node by node, the merge was 62 % of a
    // patch at 5,000 files (33.8 of 54.6 M instructions).
    var rows = Solution(reservingRows: old.keys.count, nodes: nodes.count)
    var index = 0
    while index < nodes.count {
      guard !inRegion[index] else {
        let node = Int(position[index])
        rows.append(sorted: solved, nodes: node..<node + 1)
        index += 1
        continue
      }
      var end = index + 1
      while end < nodes.count, !inRegion[end] { end += 1 }
      rows.append(sorted: old, nodes: index..<end)
      index = end
    }
    adopt(rows, dependents: dependents)
  }
}

extension RequirementGraph.Solution {
  /// The next nodes' rows: those of `nodes` in `other`, sorted as they are.
  mutating func append(sorted other: Self, nodes: Range<Int>) {
    let (first, last) = (Int(other.starts[nodes.lowerBound]), Int(other.starts[nodes.upperBound]))
    let shift = Int32(keys.count - first)
    keys.append(contentsOf: other.keys[first..<last])
    edges.append(contentsOf: other.edges[first..<last])
    for node in nodes { starts.append(other.starts[node + 1] + shift) }
  }
}
#endif
