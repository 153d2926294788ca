#if ImplicitsAnalysis
extension PatchedCalls {
  /// A clean file's turn of the per-file loop as its part recorded it (`LoopRecord`), with
  /// everything but the nodes named in this run's terms: keys by name in the order the turn
  /// interned them, places by this run's files. The builder maps the nodes (its `fileNodes`
  /// grow as it goes) and adds the edges (`GraphBuilder.replayLoop`).
  struct Loop {
    enum Source {
      /// A key, by its position in `keys`.
      case key(Int32)
      /// A node of file `file` of this run.
      case file(part: UInt8, file: Int32, index: Int32)
      /// A dependency's function.
      case node(NodeID)
    }

    struct Edge {
      var source: Source
      /// Positions in `keys`: `masks[maskStart..<maskStart + maskCount]`; `maskCount` -1:
      /// hides everything.
      var maskStart: Int32
      var maskCount: Int32
      var location: SourceLoc?
      var role: RequirementGraph.Role
    }

    /// A node's range: its edges are the next `count` of `edges`, range after range.
    struct Range {
      var part: UInt8
      var index: Int
      var start: Int
      var count: Int
    }

    var keys: [KeyName]
    var ranges: [Range]
    var edges: [Edge]
    var masks: [Int32]
    var detaches: [LoopRecord.Detach]
  }

  /// Whether the builder replays file `file`'s loop (clean, and its part has the record).
  func replays(_ file: Int) -> Bool { replayed?[file] ?? false }

  /// File `file`'s loop, read from its part's record; `nil` when it cannot be read or named
  /// in this run (the file is then built live, its calls looked up where its edges are added).
  func loop(file: Int) -> Loop? {
    guard replays(file), let part = try? reader.partBody(ofFile: Int(parts[file])),
      let scan = try? GraphFile.LoopScan(part.bytes, body: part.body), scan.path >= 0,
      scan.tableString(Int32(scan.path)) == paths[file], let trace = scan.trace
    else { return nil }
    var position = [Int32](repeating: -1, count: scan.keys.count)
    for (at, key) in trace.enumerated() { position[Int(key)] = Int32(at) }
    let files = scan.paths.map { fileIndex[scan.tableString($0)] ?? -1 }
    func key(_ number: Int32) -> Int32? {
      guard position.indices.contains(Int(number)), position[Int(number)] >= 0 else { return nil }
      return position[Int(number)]
    }
    var masks = scan.masks
    for index in masks.indices {
      guard let at = key(masks[index]) else { return nil }
      masks[index] = at
    }
    var edges: [Loop.Edge] = []
    edges.reserveCapacity(scan.edges.count)
    for edge in scan.edges {
      let source: Loop.Source
      switch edge.sourceKind {
      case 0:
        guard let at = key(edge.source) else { return nil }
        source = .key(at)
      case 1:
        guard files.indices.contains(Int(edge.sourcePath)), files[Int(edge.sourcePath)] >= 0 else { return nil }
        source = .file(part: edge.sourcePart, file: files[Int(edge.sourcePath)], index: edge.source)
      default:
        guard scan.modules.indices.contains(Int(edge.source)),
          let node = externals[scan.tableString(scan.modules[Int(edge.source)])]
        else { return nil }
        source = .node(NodeID(Int(node)))
      }
      var location: SourceLoc?
      if edge.placePath != -1 {
        guard files.indices.contains(Int(edge.placePath)), files[Int(edge.placePath)] >= 0 else { return nil }
        location = SourceLoc(file: files[Int(edge.placePath)], line: edge.line, column: edge.column)
      }
      let role: RequirementGraph.Role
      switch edge.role {
      case 0: role = .read
      case 1: role = .call(scan.edgeString(edge.name))
      case 2: role = .closure
      case 3: role = .closureParameterCall
      case 5: role = .bagCapture
      case 10: role = .storedProperty
      default: return nil
      }
      edges.append(Loop.Edge(
        source: source, maskStart: edge.maskStart, maskCount: edge.maskCount, location: location, role: role))
    }
    let ranges = scan.ranges.map {
      Loop.Range(part: $0.part, index: Int($0.index), start: Int($0.start), count: Int($0.count))
    }
    let detaches = scan.detaches.map {
      LoopRecord.Detach(body: $0.body, callee: $0.callee >= 0 ? scan.tableString($0.callee) : nil)
    }
    return Loop(
      keys: trace.map { scan.tableString(scan.keys[Int($0)]) }, ranges: ranges, edges: edges, masks: masks,
      detaches: detaches)
  }
}

extension GraphBuilder {
  /// File `file`'s turn of the per-file loop, replayed from its part (`PatchedCalls.loop`):
  /// its keys interned in the turn's order, its edges added to its nodes, its closures
  /// detached. False, with nothing changed, when the part cannot be read or does not fit
  /// this build (a node it names is not there, or has other edges before the turn's).
  mutating func replayLoop(_ file: FileID) -> Bool {
    guard let patch, let loop = patch.loop(file: file.index) else { return false }
    let own = fileNodes[file.index]
    func node(_ part: UInt8, _ nodes: FileNodes, _ index: Int) -> NodeID? {
      let list: [NodeID]
      switch StableNodeID.Part(rawValue: part) {
      case .body: list = nodes.bodies
      case .entry: list = nodes.entries
      case .bag: list = nodes.bags
      case nil: return nil
      }
      return list.indices.contains(index) ? list[index] : nil
    }
    var targets: [NodeID] = []
    targets.reserveCapacity(loop.ranges.count)
    for range in loop.ranges {
      guard let target = node(range.part, own, range.index), graph[target].edges.count == range.start else { return false }
      targets.append(target)
    }
    for edge in loop.edges {
      if case .file(let part, let source, let index) = edge.source {
        guard fileNodes.indices.contains(Int(source)), node(part, fileNodes[Int(source)], Int(index)) != nil else { return false }
      }
    }
    guard loop.detaches.allSatisfy({ own.bodies.indices.contains(Int($0.body)) }) else { return false }
    patch.replayedCount += 1
    patch.replayedFiles[file.index] = true
    let keys = loop.keys.map { graph.key($0) }
    if loopTraceFile != 0 { for key in keys { traceKey(key) } }
    // Planted (`IMPLICITS_PATCHED_GRAPH_PLANT=loop`): a replayed file's edges are lost.
    let drops = patch.switches.plant == "loop"
    var next = 0
    for (range, target) in zip(loop.ranges, targets) where !drops {
      graph.reserveEdges(range.count, of: target)
      for edge in loop.edges[next..<(next + range.count)] {
        let source: RequirementGraph.Edge.Source
        switch edge.source {
        case .key(let at): source = .key(keys[Int(at)])
        case .file(let part, let file, let index): source = .node(node(part, fileNodes[Int(file)], Int(index))!)
        case .node(let node): source = .node(node)
        }
        var mask: [Int] = []
        if edge.maskCount < 0 {
          mask = RequirementGraph.Edge.hidesEverything
        } else if edge.maskCount > 0 {
          mask.reserveCapacity(Int(edge.maskCount))
          for at in loop.masks[Int(edge.maskStart)..<Int(edge.maskStart + edge.maskCount)] { mask.append(keys[Int(at)]) }
        }
        graph.addEdge(to: target, from: source, mask: mask, location: edge.location, role: edge.role)
      }
      next += range.count
    }
    for detach in loop.detaches {
      graph.detach(own.bodies[Int(detach.body)], unclassifiedCallee: detach.callee)
      if loopTraceFile != 0 { loopDetaches.append(detach) }
    }
    return true
  }
}
#endif
