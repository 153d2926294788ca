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
    var graph = Self.randomGraph(seed: seed, nodes: nodes, keys: keys, edgesPerNode: edgesPerNode)
    let expected = Self.reference(graph)
    graph.solve()
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
}
#endif
