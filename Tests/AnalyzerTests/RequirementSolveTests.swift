#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// The solve records, for every key a node requires, the edge that brought it in; notes
/// and interface links follow those edges, so the flat solve must pick the same edge as
/// the straightforward one (a dictionary per node, the same worklist order) on any graph:
/// cycles, self-loops, masks, masks that hide everything, nodes with many keys.
@Suite struct RequirementSolveTests {
  /// A small deterministic generator (SplitMix64), so that a failing seed replays.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  static func randomGraph(seed: UInt64, nodes: Int, keys: Int, edgesPerNode: Int) -> RequirementGraph {
    var random = Generator(state: seed)
    var graph = RequirementGraph()
    let keyIDs = (0..<keys).map { graph.key("Key\($0)") }
    let ids = (0..<nodes).map { graph.addNode(.init(kind: .topLevel(file: FileID(0)), name: "n\($0)")) }
    for target in ids {
      for _ in 0..<random.next(edgesPerNode + 1) {
        let mask: [Int]
        switch random.next(10) {
        case 0: mask = RequirementGraph.Edge.hidesEverything
        case 1, 2: mask = (0..<random.next(4)).map { _ in keyIDs[random.next(keys)] }
        default: mask = []
        }
        let source: RequirementGraph.Edge.Source = random.next(3) == 0
          ? .key(keyIDs[random.next(keys)]) : .node(ids[random.next(nodes)])
        graph.addEdge(to: target, from: source, mask: mask, location: nil, role: .read)
      }
    }
    return graph
  }

  /// The fixed point as it was computed before the flat table: node → key → edge.
  static func reference(_ graph: RequirementGraph) -> [[Int: Int]] {
    let count = graph.nodeCount
    var dependents = [[(node: Int, edge: Int)]](repeating: [], count: count)
    var required = [[Int: Int]](repeating: [:], count: count)
    var pending = [[Int]](repeating: [], count: count)
    var queue: [Int] = []
    var queued = [Bool](repeating: false, count: count)
    for index in 0..<count {
      for (edgeIndex, edge) in graph[NodeID(index)].edges.enumerated() {
        switch edge.source {
        case .node(let source): dependents[source.index].append((index, edgeIndex))
        case .key(let key):
          guard required[index][key] == nil, !edge.hides(key) else { continue }
          required[index][key] = edgeIndex
          pending[index].append(key)
        }
      }
      if !pending[index].isEmpty {
        queue.append(index)
        queued[index] = true
      }
    }
    while let node = queue.popLast() {
      queued[node] = false
      let delta = pending[node]
      pending[node] = []
      for (dependent, edgeIndex) in dependents[node] {
        let edge = graph[NodeID(dependent)].edges[edgeIndex]
        for key in delta where required[dependent][key] == nil && !edge.hides(key) {
          required[dependent][key] = edgeIndex
          pending[dependent].append(key)
        }
        if !pending[dependent].isEmpty, !queued[dependent] {
          queued[dependent] = true
          queue.append(dependent)
        }
      }
    }
    return required
  }

  @Test(arguments: [
    (seed: UInt64(1), nodes: 40, keys: 6, edgesPerNode: 3),
    (seed: 2, nodes: 300, keys: 40, edgesPerNode: 4),
    (seed: 3, nodes: 2_000, keys: 200, edgesPerNode: 6),
    (seed: 4, nodes: 5, keys: 300, edgesPerNode: 60),
  ])
  func solveRecordsTheSameEdgeAsADictionaryPerNode(seed: UInt64, nodes: Int, keys: Int, edgesPerNode: Int) {
    // Every way of telling a pair is in (words and bits, many words per node where there are
    // hundreds of keys; the table) and both ways of indexing the dependents.
    for dependentsOnWorker in [false, true] {
      for method in [RequirementGraph.SolveMethod.words, .bits, .table] {
        Self.expectSolvedAsReference(
          Self.randomGraph(seed: seed, nodes: nodes, keys: keys, edgesPerNode: edgesPerNode), keys: keys,
          dependentsOnWorker: dependentsOnWorker, method: method)
      }
    }
  }

  /// The builder, the solve and the outputs walk and copy every node and edge (~100,000 and
  /// ~230,000 at 5,000 files): a rare case's payload kept inline made them all that large
  /// (`NodeKind.overloadSet`'s call site, `Role`'s strings: 200 and 96 bytes).
  @Test func nodesAndEdgesStaySmall() {
    #expect(MemoryLayout<RequirementGraph.Node>.stride <= 96)
    #expect(MemoryLayout<RequirementGraph.Edge>.stride <= 64)
  }

  /// The graph's edges less those `remove` picks (`RequirementGraph.removeEdges`, as the
  /// builder takes out a scope-closure slot's edges): the solve sizes its seeds' table by a
  /// count of the key edges kept as edges come and go.
  @Test func solveAfterEdgesAreRemoved() {
    var graph = Self.randomGraph(seed: 5, nodes: 300, keys: 40, edgesPerNode: 5)
    for node in graph.ids where node.index % 3 == 0 {
      graph.removeEdges(of: node) { if case .key = $0.source { true } else { $0.mask.isEmpty } }
    }
    let keyEdges = graph.ids.reduce(0) { $0 + graph[$1].edges.count(where: { $0.source.isKey }) }
    #expect(keyEdges > 0 && graph.keyEdgeCount == keyEdges)
    Self.expectSolvedAsReference(graph, keys: 40, dependentsOnWorker: true, method: nil)
  }

  static func expectSolvedAsReference(_ graph: RequirementGraph, keys: Int, dependentsOnWorker: Bool, method: RequirementGraph.SolveMethod?) {
    var graph = graph
    let expected = Self.reference(graph)
    graph.solve(dependentsOnWorker: dependentsOnWorker, method: method)
    #expect(expected.contains { $0.count > 1 }, "the graph propagates keys")
    var differing: [NodeID] = []
    for node in graph.ids {
      let solved = graph.requirements(of: node)
      let same = Dictionary(uniqueKeysWithValues: solved.map { ($0.key, $0.edge) }) == expected[node.index]
        && solved.keys == solved.keys.sorted()
        && (0..<keys).allSatisfy { graph.requirement($0, of: node) == expected[node.index][$0] }
      if !same { differing.append(node) }
    }
    #expect(differing.isEmpty, "nodes whose requirements or edges differ: \(differing.prefix(10))")
  }

  /// The nodes that can reach `target` (itself included): each of their edges from a node
  /// comes from one of them.
  static func upstream(of target: NodeID, in graph: RequirementGraph) -> [NodeID] {
    var sources = [[Int]](repeating: [], count: graph.nodeCount)
    for node in graph.ids {
      for edge in graph[node].edges {
        if case .node(let source) = edge.source { sources[node.index].append(source.index) }
      }
    }
    var seen: Set<Int> = [target.index]
    var stack = [target.index]
    while let node = stack.popLast() {
      for source in sources[node] where seen.insert(source).inserted { stack.append(source) }
    }
    return seen.sorted().map(NodeID.init)
  }

  /// What an incremental solve would rest on: a node's requirements, and the edge each came
  /// in through, depend only on the nodes upstream of it — their edges, their masks, and the
  /// order of those nodes — not on the rest of the graph or on where the rest sits among them.
  /// The worklist's pushes of upstream nodes come only from pops of upstream nodes, so the
  /// last-in-first-out order restricted to them is the order of their subgraph solved alone.
  /// A solve whose order let other nodes interleave (a priority, a global tie-break) fails this.
  /// Like `randomGraph`, but each node's edges come from nodes before it (and a few from
  /// just after it, for cycles): what is upstream of a node is a part of the graph, the
  /// nodes after it are not, and their work interleaves with it in the worklist.
  static func forwardGraph(seed: UInt64, nodes: Int, keys: Int, edgesPerNode: Int) -> RequirementGraph {
    var random = Generator(state: seed)
    var graph = RequirementGraph()
    let keyIDs = (0..<keys).map { graph.key("Key\($0)") }
    let ids = (0..<nodes).map { graph.addNode(.init(kind: .topLevel(file: FileID(0)), name: "n\($0)")) }
    for (index, target) in ids.enumerated() {
      for _ in 0..<random.next(edgesPerNode + 1) {
        let mask = random.next(8) == 0 ? [keyIDs[random.next(keys)]] : []
        let source: RequirementGraph.Edge.Source
        switch random.next(4) {
        case 0: source = .key(keyIDs[random.next(keys)])
        case 1: source = .node(ids[min(nodes - 1, index + random.next(3))])
        default: source = .node(ids[random.next(index + 1)])
        }
        graph.addEdge(to: target, from: source, mask: mask, location: nil, role: .read)
      }
    }
    return graph
  }

  @Test(arguments: [
    (seed: UInt64(11), nodes: 60, keys: 8, edgesPerNode: 4),
    (seed: 12, nodes: 400, keys: 30, edgesPerNode: 5),
    (seed: 13, nodes: 1_500, keys: 60, edgesPerNode: 6),
  ])
  func upstreamSubgraphSolvesAlikeAlone(seed: UInt64, nodes: Int, keys: Int, edgesPerNode: Int) {
    var whole = Self.forwardGraph(seed: seed, nodes: nodes, keys: keys, edgesPerNode: edgesPerNode)
    whole.solve()
    var random = Generator(state: seed &* 7)
    var compared = 0
    var partial = 0
    for _ in 0..<12 {
      let target = NodeID(random.next(nodes))
      let upstream = Self.upstream(of: target, in: whole)
      if upstream.count < nodes { partial += 1 }
      let position = Dictionary(uniqueKeysWithValues: upstream.enumerated().map { ($1, $0) })
      var alone = RequirementGraph()
      for name in whole.keyNames { _ = alone.key(name) }
      for node in upstream { _ = alone.addNode(.init(kind: whole[node].kind, name: whole[node].name)) }
      for (index, node) in upstream.enumerated() {
        for edge in whole[node].edges {
          var source = edge.source
          if case .node(let from) = edge.source { source = .node(NodeID(position[from]!)) }
          alone.addEdge(to: NodeID(index), from: source, mask: edge.mask, location: nil, role: edge.role)
        }
      }
      alone.solve()
      for (index, node) in upstream.enumerated() {
        let (a, b) = (whole.requirements(of: node), alone.requirements(of: NodeID(index)))
        #expect(a.keys == b.keys && a.map { $0.edge } == b.map { $0.edge }, "node \(node) upstream of \(target)")
        compared += 1
      }
    }
    #expect(partial > 0 && compared > 12, "some targets have a strict upstream subgraph")
  }
}
#endif
