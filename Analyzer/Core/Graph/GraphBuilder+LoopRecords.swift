#if ImplicitsAnalysis
/// What a file's turn of the builder's per-file loop (its contributions' edges) did, kept
/// with its part of the graph file so that a later run can redo it from the part instead
/// of from the summary and the symbol table (design step 4, `PatchedCalls`, hidden).
///
/// Only a turn that touched nothing but the file's own nodes has a record: it made no
/// node, no diagnostic, nothing a module-wide pass reads later (closure-value members,
/// scope-closure instances, composed chains), every edge it made went into one of the
/// file's bodies, entry points or bags, and every node an edge comes from is a node of
/// some file or a dependency's function (nodes a stable id names the same in every run).
/// Such a turn is fully described by three things, all exact for a clean file:
/// - the keys it interned, in the order it first asked for them: interned again in that
///   order, they get the numbers a whole build gives them (the solve and the oracle see
///   the keys in order);
/// - per own node, which of its edges the turn made: `start` (edges it had before, from
///   `createNodes`' assigned bags) and `count`. Later passes only append to a file's
///   nodes (they remove edges of closure-parameter slots only, which are no file's), so
///   the part's edges `start..<start + count` are the turn's;
/// - the closures it detached, with the callee it could not see.
/// A file whose turn did more is built live on every run (`GraphBuilder.build`).
struct LoopRecord: Equatable, Sendable {
  struct EdgeRange: Equatable, Sendable {
    /// `StableNodeID.Part`'s raw value and the node's index there.
    var part: UInt8
    var index: Int32
    var start: Int32
    var count: Int32
  }

  struct Detach: Equatable, Sendable {
    var body: Int32
    var callee: String?
  }

  /// Key ids of this build, first use first.
  var keys: [Int32]
  var ranges: [EdgeRange]
  var detaches: [Detach]
}

extension GraphBuilder {
  /// The state a turn of the loop is compared against when it ends.
  struct LoopMark {
    var nodes: Int
    var diagnostics: Int
    var members: Int
    var instances: Int
    var chains: Int
    var edges: Int
    var entries: Int
    /// The file's own nodes' edge counts, bodies then entries then bags.
    var own: [Int32]
  }

  /// The file's own nodes, as their part lists them.
  func ownNodes(_ file: FileID) -> [(part: StableNodeID.Part, index: Int, node: NodeID)] {
    let nodes = fileNodes[file.index]
    return nodes.bodies.enumerated().map { (.body, $0.offset, $0.element) }
      + nodes.entries.enumerated().map { (.entry, $0.offset, $0.element) }
      + nodes.bags.enumerated().map { (.bag, $0.offset, $0.element) }
  }

  mutating func beginLoop(_ file: FileID) -> LoopMark {
    loopTrace.removeAll(keepingCapacity: true)
    loopDetaches.removeAll(keepingCapacity: true)
    loopIsLocal = true
    loopTraceFile = Int32(file.index + 1)
    let nodes = fileNodes[file.index]
    var own: [Int32] = []
    own.reserveCapacity(nodes.bodies.count + nodes.entries.count + nodes.bags.count)
    for node in nodes.bodies { own.append(Int32(graph[node].edges.count)) }
    for node in nodes.entries { own.append(Int32(graph[node].edges.count)) }
    for node in nodes.bags { own.append(Int32(graph[node].edges.count)) }
    return LoopMark(
      nodes: graph.nodeCount, diagnostics: diagnostics.count, members: closureValueMembers.count,
      instances: scopeClosureInstances.count, chains: composedChainCalls.count, edges: graph.addedEdgeCount,
      entries: nodes.entries.count, own: own)
  }

  /// The turn's record, or `nil` if it touched more than its file's own nodes.
  mutating func endLoop(_ file: FileID, _ mark: LoopMark) -> LoopRecord? {
    loopTraceFile = 0
    let nodes = fileNodes[file.index]
    guard loopIsLocal, graph.nodeCount == mark.nodes, diagnostics.count == mark.diagnostics,
      closureValueMembers.count == mark.members, scopeClosureInstances.count == mark.instances,
      composedChainCalls.count == mark.chains, nodes.entries.count == mark.entries
    else { return nil }
    var ranges: [LoopRecord.EdgeRange] = []
    var made = 0
    var slot = 0
    for (part, list) in [(StableNodeID.Part.body, nodes.bodies), (.entry, nodes.entries), (.bag, nodes.bags)] {
      for (index, node) in list.enumerated() {
        let start = Int(mark.own[slot])
        slot += 1
        let edges = graph[node].edges
        guard edges.count > start else { continue }
        for edge in edges[start...] {
          guard case .node(let source) = edge.source else { continue }
          guard isFileNode(source) || dependencyNodes.contains(source.index) else { return nil }
        }
        made += edges.count - start
        ranges.append(.init(part: part.rawValue, index: Int32(index), start: Int32(start), count: Int32(edges.count - start)))
      }
    }
    guard made == graph.addedEdgeCount - mark.edges else { return nil }
    return LoopRecord(keys: loopTrace, ranges: ranges, detaches: loopDetaches)
  }

  /// Key `key` interned by the current turn (`addEdge`): kept once, first use first.
  mutating func traceKey(_ key: Int) {
    guard loopTraceFile != 0, key >= 0 else { return }
    if key >= loopTraceSeen.count { loopTraceSeen.append(contentsOf: repeatElement(0, count: key + 1 - loopTraceSeen.count + 64)) }
    guard loopTraceSeen[key] != loopTraceFile else { return }
    loopTraceSeen[key] = loopTraceFile
    loopTrace.append(Int32(key))
  }

  /// Whether `node` is a body, entry point or bag site that `createNodes` made for a file.
  func isFileNode(_ node: NodeID) -> Bool { node.index < fileNodeFlags.count && fileNodeFlags[node.index] }

  /// Marks the nodes `createNodes` made for files (`isFileNode`).
  mutating func indexFileNodes() {
    fileNodeFlags = [Bool](repeating: false, count: graph.nodeCount)
    for nodes in fileNodes {
      for node in nodes.bodies { fileNodeFlags[node.index] = true }
      for node in nodes.entries { fileNodeFlags[node.index] = true }
      for node in nodes.bags { fileNodeFlags[node.index] = true }
    }
  }
}
#endif
