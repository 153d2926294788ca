#if ImplicitsAnalysis
extension GraphFile {
  /// One file's nodes as the solved graph has them — or, for the module part, every node
  /// of no file — with nothing that depends on this run's numbering: other nodes by
  /// `StableNodeID`, keys by name, locations by path. Plain values, compared whole by the
  /// oracle (`GraphOracle`) and read back whole by a later run.
  struct Part: Equatable, Sendable {
    /// The file's path; empty for the module part.
    var path: String
    var nodes: [Node]
    /// The graph's diagnostics (building and solving, `GraphDiagnoser`) located in this
    /// file, in the order the run made them.
    var diagnostics: [StoredDiagnostic]
    /// The file's turn of the builder's per-file loop, if it stayed within the file (`LoopRecord`).
    var loop: Loop? = nil
  }

  /// `LoopRecord` with its keys by name, and the edges of its ranges (range after range).
  /// As values, the nodes have them too; in the file they are the record's only, so that a
  /// replay reads the record alone (`Encoder.write(_:keys:positions:edges:into:)`).
  struct Loop: Equatable, Sendable {
    var keys: [KeyName]
    var ranges: [LoopRecord.EdgeRange]
    var detaches: [LoopRecord.Detach]
    var edges: [Edge]
  }

  struct Node: Equatable, Sendable {
    var id: StableNodeID
    var kind: Kind
    var name: String
    var location: Place?
    var isDetached: Bool
    var unclassifiedCallee: String?
    /// `RequirementGraph.closureValueTypes`, `.dependencyScopes`.
    var closureValueType: String?
    var dependencyScope: String?
    /// In `SolvedGraph.restoredBags`, `.captureAllBags`, `.overloadSets`.
    var isRestoredBag: Bool
    var capturesAll: Bool
    var isReportedOverloadSet: Bool
    /// In build order: a row names its edge by index.
    var edges: [Edge]
    /// The solve's record: each key required here, sorted by key name, and the index of
    /// the edge it came in through.
    var rows: [Row]
  }

  /// `RequirementGraph.NodeKind` without this run's file numbers (the node's id has its
  /// file); an overload set keeps its call's signature (its place is the node's location).
  enum Kind: Equatable, Sendable {
    case function(index: Int)
    case closure(inFile: Bool, scopeParameter: String?)
    case topLevel, accessor
    case external(module: String)
    case entry(restoresEmptyBag: Bool)
    case bag(site: String)
    case overloadSet(signature: String)
    case inheritedInitializer

    init(_ kind: RequirementGraph.NodeKind) {
      switch kind {
      case .function(_, let index): self = .function(index: index)
      case .closure(let file, let parameter): self = .closure(inFile: file != nil, scopeParameter: parameter)
      case .topLevel: self = .topLevel
      case .accessor: self = .accessor
      case .external(let module): self = .external(module: module)
      case .entry(let restoresEmptyBag): self = .entry(restoresEmptyBag: restoresEmptyBag)
      case .bag(let site): self = .bag(site: site)
      case .overloadSet(let site): self = .overloadSet(signature: site.signature)
      case .inheritedInitializer: self = .inheritedInitializer
      }
    }
  }

  struct Place: Equatable, Sendable {
    var path: String
    var line: Int32
    var column: Int32
  }

  struct Edge: Equatable, Sendable {
    enum Source: Equatable, Sendable {
      case key(KeyName)
      case node(StableNodeID)
    }
    var source: Source
    /// Key names; `nil` for `RequirementGraph.Edge.hidesEverything`.
    var mask: [KeyName]?
    var location: Place?
    var role: RequirementGraph.Role
  }

  struct Row: Equatable, Sendable {
    var key: KeyName
    var edge: Int
  }

  struct StoredDiagnostic: Equatable, Sendable {
    var id: String
    var severity: String
    var location: Place
    var message: String
    var notes: [StoredNote]
    var unresolvedKeys: [KeyName]?
    var unresolvedEntry: String?
  }

  struct StoredNote: Equatable, Sendable {
    var location: Place
    var message: String
  }
}

// MARK: Made from this run's graph

extension GraphFile {
  /// This run's graph, as parts: the module part, then one per file, by this run's
  /// file order; made one at a time (`part(ofFile:)`) so that all of them are never held.
  struct Parts {
    let solved: SolvedGraph
    /// `solved.graph`, once: a struct of a dozen arrays, copied (each retained) at every read.
    private let graph: RequirementGraph
    let ids: StableNodeIDs
    let paths: [String]
    private let diagnostics: [[Diagnostic]]
    private let restored: Set<NodeID>
    private let captureAll: Set<NodeID>
    private let reported: Set<NodeID>

    init(_ solved: SolvedGraph, ids: StableNodeIDs, paths: [String], diagnostics: [Diagnostic]) {
      (self.solved, self.graph, self.ids, self.paths) = (solved, solved.graph, ids, paths)
      var byFile = [[Diagnostic]](repeating: [], count: paths.count)
      for diagnostic in diagnostics where byFile.indices.contains(Int(diagnostic.location.file)) {
        byFile[Int(diagnostic.location.file)].append(diagnostic)
      }
      self.diagnostics = byFile
      (restored, captureAll, reported) = (solved.restoredBags, solved.captureAllBags, Set(solved.overloadSets))
    }

    /// The nodes of no file, in node order.
    var modulePart: Part {
      var inFiles = [Bool](repeating: false, count: graph.nodeCount)
      for file in solved.files {
        let nodes = solved.nodes(of: file)
        for node in nodes.bodies + nodes.entries + nodes.bags { inFiles[node.index] = true }
      }
      return Part(
        path: "", nodes: graph.ids.filter { !inFiles[$0.index] }.map(node), diagnostics: [])
    }

    func part(ofFile index: Int) -> Part {
      let nodes = solved.nodes(of: FileID(index))
      let loop = solved.loopRecords.count == paths.count ? solved.loopRecords[index] : nil
      let made = (nodes.bodies + nodes.entries + nodes.bags).map(node)
      let firsts = [0, nodes.bodies.count, nodes.bodies.count + nodes.entries.count]
      return Part(
        path: paths[index], nodes: made, diagnostics: diagnostics[index].map(stored),
        loop: loop.map { record in
          // Each range's edges, from the node the range names (bodies, then entries, then bags).
          let edges = record.ranges.flatMap { range in
            let part = StableNodeID.Part(rawValue: range.part)
            let first = part == .body ? firsts[0] : part == .entry ? firsts[1] : firsts[2]
            return made[first + Int(range.index)].edges[Int(range.start)..<Int(range.start + range.count)]
          }
          return Loop(
            keys: record.keys.map { graph.keyNames[Int($0)] }, ranges: record.ranges, detaches: record.detaches,
            edges: edges)
        })
    }

    private func place(_ location: SourceLoc?) -> Place? {
      guard let location else { return nil }
      let path = paths.indices.contains(Int(location.file)) ? paths[Int(location.file)] : ""
      return Place(path: path, line: location.line, column: location.column)
    }

    private func node(_ id: NodeID) -> Node {
      let node = graph[id]
      let edges = node.edges.map { edge in
        let source: Edge.Source
        switch edge.source {
        case .key(let key): source = .key(graph.keyNames[key])
        case .node(let other): source = .node(ids[other])
        }
        let mask = edge.mask == RequirementGraph.Edge.hidesEverything ? nil : edge.mask.map { graph.keyNames[$0] }
        return Edge(source: source, mask: mask, location: place(edge.location), role: edge.role)
      }
      let rows = graph.requirements(of: id).map { Row(key: graph.keyNames[$0.key], edge: $0.edge) }
        .sorted { $0.key < $1.key }
      return Node(
        id: ids[id], kind: Kind(node.kind), name: node.name, location: place(node.location), isDetached: node.isDetached,
        unclassifiedCallee: node.unclassifiedCallee, closureValueType: graph.closureValueTypes[id],
        dependencyScope: graph.dependencyScopes[id], isRestoredBag: restored.contains(id),
        capturesAll: captureAll.contains(id), isReportedOverloadSet: reported.contains(id), edges: edges, rows: rows)
    }

    private func stored(_ diagnostic: Diagnostic) -> StoredDiagnostic { GraphFile.stored(diagnostic, paths: paths) }
  }
}
#endif
