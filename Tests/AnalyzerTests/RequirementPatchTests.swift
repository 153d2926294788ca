#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// A patched solve equals a whole solve (`RequirementGraph+Patch`, design step 1): after
/// random edge changes on random graphs, U (the nodes downstream of a change and everything
/// upstream of them) solved alone, the other rows kept, gives every row and recorded edge a
/// whole solve gives. Planted: D alone, or U less one of its nodes, does not — each stands
/// for a patch that is not closed upstream, and the ~1 % of records that are not local make
/// it differ. Real edits of sources: `RequirementPatchEditTests`.
@Suite struct RequirementPatchTests {
  typealias Edge = RequirementGraph.Edge
  typealias Generator = RequirementSolveTests.Generator

  /// A graph of `keys` keys and these nodes' edges, in order.
  static func graph(keys: Int, edges: [[Edge]]) -> RequirementGraph {
    var graph = RequirementGraph()
    for key in 0..<keys { _ = graph.key("Key\(key)") }
    for _ in edges { _ = graph.addNode(.init(kind: .topLevel(file: FileID(0)), name: "n")) }
    for (node, list) in edges.enumerated() {
      for edge in list { graph.addEdge(to: NodeID(node), from: edge.source, mask: edge.mask, location: nil, role: .read) }
    }
    return graph
  }

  /// One random change: an edge from a node or a key added, removed or masked otherwise,
  /// a new key read, a new node that some nodes read.
  static func change(_ edges: inout [[Edge]], keys: inout Int, _ random: inout Generator) {
    let target = random.next(edges.count)
    func anyNode() -> Edge.Source { .node(NodeID(random.next(edges.count))) }
    switch random.next(7) {
    case 0:
      edges[target].insert(Edge(source: anyNode(), mask: [], role: .read), at: random.next(edges[target].count + 1))
    case 1 where !edges[target].isEmpty:
      edges[target].remove(at: random.next(edges[target].count))
    case 2 where !edges[target].isEmpty:
      let edge = random.next(edges[target].count)
      let masks = [[], Edge.hidesEverything, [random.next(keys)], [random.next(keys), random.next(keys)]]
      edges[target][edge].mask = masks[random.next(masks.count)]
    case 3:
      edges[target].insert(Edge(source: .key(random.next(keys)), mask: [], role: .read), at: random.next(edges[target].count + 1))
    case 4:
      keys += 1
      edges[target].append(Edge(source: .key(keys - 1), mask: [], role: .read))
    case 5:
      let added = NodeID(edges.count)
      edges.append((0..<1 + random.next(3)).map { _ in
        random.next(3) == 0 ? Edge(source: .key(random.next(keys)), mask: [], role: .read)
          : Edge(source: anyNode(), mask: [], role: .read)
      })
      for _ in 0..<1 + random.next(2) {
        let reader = random.next(edges.count - 1)
        edges[reader].insert(Edge(source: .node(added), mask: [], role: .read), at: random.next(edges[reader].count + 1))
      }
    default:
      for list in edges.indices where !edges[list].isEmpty && random.next(edges.count) == 0 {
        edges[list].removeLast()
      }
    }
  }

  /// The last solve's rows, with empty rows for the nodes added since.
  static func kept(_ old: RequirementGraph.Solution, nodes: Int) -> RequirementGraph.Solution {
    var kept = old
    kept.starts += Array(repeating: old.starts.last!, count: nodes - old.nodeCount)
    return kept
  }

  /// The nodes `(before, after)` holds each rows for that differ, and whether a node's keys
  /// (not only its recorded edges) differ.
  static func differing(_ a: RequirementGraph.Solution, _ b: RequirementGraph.Solution) -> (nodes: Int, keys: Int) {
    var (nodes, keys) = (0, 0)
    for node in 0..<a.nodeCount {
      let (left, right) = (Array(a.rows(of: node)), Array(b.rows(of: node)))
      if !left.elementsEqual(right, by: ==) { nodes += 1 }
      if !left.map(\.0).elementsEqual(right.map(\.0)) { keys += 1 }
    }
    return (nodes, keys)
  }

  @Test(arguments: [
    (seed: UInt64(21), nodes: 60, keys: 8, edgesPerNode: 4, forward: true),
    (seed: 22, nodes: 400, keys: 30, edgesPerNode: 5, forward: true),
    (seed: 23, nodes: 1_000, keys: 60, edgesPerNode: 6, forward: true),
    (seed: 24, nodes: 300, keys: 40, edgesPerNode: 3, forward: false),
    (seed: 25, nodes: 80, keys: 10, edgesPerNode: 3, forward: false),
  ])
  func patchedSolveEqualsWholeSolve(seed: UInt64, nodes: Int, keys: Int, edgesPerNode: Int, forward: Bool) {
    let start = forward
      ? RequirementSolveTests.forwardGraph(seed: seed, nodes: nodes, keys: keys, edgesPerNode: edgesPerNode)
      : RequirementSolveTests.randomGraph(seed: seed, nodes: nodes, keys: keys, edgesPerNode: edgesPerNode)
    var random = Generator(state: seed &* 31)
    var (strict, downstreamAloneDiffers, upstreamLessOneDiffers, lessOneTried) = (0, 0, 0, 0)
    for trial in 0..<40 {
      var edges = start.ids.map { start[$0].edges }
      var keyCount = keys
      var old = Self.graph(keys: keyCount, edges: edges)
      old.solve()
      // A few solves in a row, each patched from the last.
      for _ in 0..<1 + trial % 3 {
        let before = edges
        for _ in 0..<1 + random.next(3) { Self.change(&edges, keys: &keyCount, &random) }
        let changed = edges.indices.filter { $0 >= before.count || edges[$0] != before[$0] }.map(NodeID.init)
        var whole = Self.graph(keys: keyCount, edges: edges)
        whole.solve()
        let kept = Self.kept(old.solution, nodes: edges.count)
        var patched = Self.graph(keys: keyCount, edges: edges)
        let patch = patched.resolve(upstreamOf: changed, keeping: kept)
        #expect(patched.solution == whole.solution, "seed \(seed) trial \(trial): |D| \(patch.downstream.count) |U| \(patch.upstream.count)")
        #expect(Set(changed).isSubset(of: patch.downstream) && Set(patch.downstream).isSubset(of: patch.upstream))
        if patch.upstream.count < edges.count { strict += 1 }

        // Planted: D alone, each source outside it standing with its kept rows. Its keys are
        // right (a fixed point does not depend on order); some recorded edges are not.
        let dependents = SolveDependents(of: (0..<edges.count).map { whole[NodeID($0)] })
        var downstreamAlone = Self.graph(keys: keyCount, edges: edges)
        downstreamAlone.resolve(patch.downstream, keeping: kept, dependents: dependents)
        let downstreamDiffer = Self.differing(downstreamAlone.solution, whole.solution)
        #expect(downstreamDiffer.keys == 0)
        if downstreamDiffer.nodes > 0 { downstreamAloneDiffers += 1 }
        // Planted: U less one node upstream of D.
        let upstreamOnly = Set(patch.upstream).subtracting(patch.downstream).sorted()
        if !upstreamOnly.isEmpty {
          lessOneTried += 1
          let dropped = upstreamOnly[random.next(upstreamOnly.count)]
          var lessOne = Self.graph(keys: keyCount, edges: edges)
          lessOne.resolve(patch.upstream.filter { $0 != dropped }, keeping: kept, dependents: dependents)
          if lessOne.solution != whole.solution { upstreamLessOneDiffers += 1 }
        }
        old = whole
      }
    }
    #expect(strict > 0, "some patches re-solve less than the whole graph")
    #expect(downstreamAloneDiffers > 0, "D alone solved like the whole graph in every trial")
    #expect(lessOneTried == 0 || upstreamLessOneDiffers > 0, "U less one node solved like the whole graph in every trial")
  }

  /// Nothing changed: nothing is re-solved, every row is kept.
  @Test func noChangeKeepsEveryRow() {
    var graph = RequirementSolveTests.forwardGraph(seed: 26, nodes: 200, keys: 20, edgesPerNode: 4)
    graph.solve()
    let solved = graph.solution
    let patch = graph.resolve(upstreamOf: [], keeping: solved)
    #expect(patch.downstream.isEmpty && patch.upstream.isEmpty)
    #expect(graph.solution == solved)
  }
}
#endif
