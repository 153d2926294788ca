#if ImplicitsAnalysis
extension PatchedCalls {
  /// A clean file's turn of the per-file loop as its part recorded it (`LoopRecord`): the
  /// part's record read in place (`GraphFile.LoopScan`: edges as numbers of the part), and
  /// what those numbers are in this run: each path's file, each key's position in the turn's
  /// order, each module-level name's node. The builder maps the nodes (its `fileNodes` grow
  /// as it goes) and adds the edges straight from the scan (`GraphBuilder.replayLoop`): no
  /// edge value of its own, no `String` made for a path or for a key a replay met before
  /// (`BytesTable`), one per call name of the part. A run-wide table of call names was tried:
  /// nearly every name is met once (65,000 at 5,000 files), so it cost +37 M instructions.
  struct Loop {
    let scan: GraphFile.LoopScan
    /// The part's key numbers in the order the turn interned them (`key(_:_:in:)` names them).
    let trace: [Int32]
    /// Per key number of the part: its position in `keys`, or -1 (no edge may name it).
    let positions: [Int32]
    /// Per path number of the part: this run's file, or -1.
    let files: [Int32]
    /// Per module-level number of the part that an edge names: this run's node, else -1.
    let modules: [Int32]
    /// Per call name number of the record's strings: its `String`, made once.
    let names: [String?]
    let detaches: [LoopRecord.Detach]
  }

  /// Whether the builder replays file `file`'s loop (clean, and its part has the record).
  func replays(_ file: Int) -> Bool { replayed?[file] ?? false }

  /// File `file`'s loop, read from its part's record; `nil` when it cannot be read or named
  /// in this run (the file is then built live, its calls looked up where its edges are added).
  func loop(file: Int) -> Loop? {
    guard replays(file) else { return nil }
    // The last replay's scan, its arrays' storage reused (`LoopScan.rescan`; `recycle` gives it back).
    var scan = GraphFile.LoopScan()
    swap(&scan, &scratch)
    guard self.scan(file: file, into: &scan), let trace = scan.trace else { return nil }
    var positions = [Int32](repeating: -1, count: scan.keys.count)
    for (at, key) in trace.enumerated() { positions[Int(key)] = Int32(at) }
    let files = scan.paths.map { scan.withTableBytes($0) { pathTable.value($0) ?? -1 } }
    var modules = [Int32](repeating: -2, count: scan.modules.count)
    var names = [String?](repeating: nil, count: scan.edgeStrings.count)
    for key in scan.masks where !positions.indices.contains(Int(key)) || positions[Int(key)] < 0 { return nil }
    // Every edge named in this run before anything is added: a part that does not fit is built live.
    for edge in scan.edges {
      switch edge.sourceKind {
      case 0:
        guard positions.indices.contains(Int(edge.source)), positions[Int(edge.source)] >= 0 else { return nil }
      case 1:
        guard files.indices.contains(Int(edge.sourcePath)), files[Int(edge.sourcePath)] >= 0 else { return nil }
      default:
        guard modules.indices.contains(Int(edge.source)) else { return nil }
        if modules[Int(edge.source)] == -2 {
          modules[Int(edge.source)] = externals[scan.tableString(scan.modules[Int(edge.source)])] ?? -1
        }
        guard modules[Int(edge.source)] >= 0 else { return nil }
      }
      if edge.placePath != -1 {
        guard files.indices.contains(Int(edge.placePath)), files[Int(edge.placePath)] >= 0 else { return nil }
      }
      switch edge.role {
      case 0, 2, 3, 5, 10: break
      case 1:
        guard names.indices.contains(Int(edge.name)) else { return nil }
        if names[Int(edge.name)] == nil { names[Int(edge.name)] = scan.edgeString(edge.name) }
      default: return nil
      }
    }
    let detaches = scan.detaches.map {
      LoopRecord.Detach(body: $0.body, callee: $0.callee >= 0 ? scan.tableString($0.callee) : nil)
    }
    return Loop(
      scan: scan, trace: trace, positions: positions, files: files, modules: modules, names: names, detaches: detaches)
  }

  /// File `file`'s part read and scanned into `scan`: false if it cannot be, is another
  /// file's, or has no loop record.
  private func scan(file: Int, into scan: inout GraphFile.LoopScan) -> Bool {
    guard let part = try? reader.partBody(ofFile: Int(parts[file])),
      (try? scan.rescan(part.bytes, body: part.body, keepsStaleEdges: switches.plant == "scan")) != nil, scan.path >= 0,
      scan.withTableBytes(Int32(scan.path), { pathTable.value($0) == Int32(file) }), scan.trace != nil
    else { return false }
    return true
  }

  /// A replayed loop's scan back, once the builder is done with it, for the next part's
  /// (`loop(file:)`): its arrays are then referenced from here alone, and refilled in place.
  func recycle(_ loop: consuming Loop) {
    scratch = loop.scan
  }

  /// Key number `number` of `scan`'s part interned in `graph`, by name the first time a
  /// replay meets it, by its bytes after that (`graph.key` of a known name changes nothing).
  func key(_ scan: GraphFile.LoopScan, _ number: Int32, in graph: inout RequirementGraph) -> Int {
    scan.withTableBytes(scan.keys[Int(number)]) { bytes in
      if let key = keyTable.value(bytes) { return Int(key) }
      let key = graph.key(String(decoding: bytes, as: UTF8.self))
      keyTable.insert(bytes, Int32(key))
      return key
    }
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
    let scan = loop.scan
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
    targets.reserveCapacity(scan.ranges.count)
    for range in scan.ranges {
      guard let target = node(range.part, own, Int(range.index)), graph[target].edges.count == Int(range.start)
      else { return false }
      targets.append(target)
    }
    for edge in scan.edges where edge.sourceKind == 1 {
      let source = loop.files[Int(edge.sourcePath)]
      guard fileNodes.indices.contains(Int(source)), node(edge.sourcePart, fileNodes[Int(source)], Int(edge.source)) != nil
      else { return false }
    }
    guard loop.detaches.allSatisfy({ own.bodies.indices.contains(Int($0.body)) }) else { return false }
    patch.replayedCount += 1
    patch.replayedFiles[file.index] = true
    let keys = loop.trace.map { patch.key(scan, $0, in: &graph) }
    if loopTraceFile != 0 { for key in keys { traceKey(key) } }
    // Planted (`IMPLICITS_PATCHED_GRAPH_PLANT=loop`): a replayed file's edges are lost.
    let drops = patch.switches.plant == "loop"
    var next = 0
    for (range, target) in zip(scan.ranges, targets) where !drops {
      graph.reserveEdges(Int(range.count), of: target)
      for at in next..<(next + Int(range.count)) {
        let edge = scan.edges[at]
        let source: RequirementGraph.Edge.Source
        switch edge.sourceKind {
        case 0: source = .key(keys[Int(loop.positions[Int(edge.source)])])
        case 1: source = .node(node(edge.sourcePart, fileNodes[Int(loop.files[Int(edge.sourcePath)])], Int(edge.source))!)
        default: source = .node(NodeID(Int(loop.modules[Int(edge.source)])))
        }
        var mask: [Int] = []
        if edge.maskCount < 0 {
          mask = RequirementGraph.Edge.hidesEverything
        } else if edge.maskCount > 0 {
          mask.reserveCapacity(Int(edge.maskCount))
          for key in scan.masks[Int(edge.maskStart)..<Int(edge.maskStart + edge.maskCount)] {
            mask.append(keys[Int(loop.positions[Int(key)])])
          }
        }
        let location = edge.placePath == -1
          ? nil : SourceLoc(file: loop.files[Int(edge.placePath)], line: edge.line, column: edge.column)
        let role: RequirementGraph.Role
        switch edge.role {
        case 0: role = .read
        case 1: role = .call(loop.names[Int(edge.name)]!)
        case 2: role = .closure
        case 3: role = .closureParameterCall
        case 5: role = .bagCapture
        default: role = .storedProperty
        }
        graph.addEdge(to: target, from: source, mask: mask, location: location, role: role)
      }
      next += Int(range.count)
    }
    for detach in loop.detaches {
      graph.detach(own.bodies[Int(detach.body)], unclassifiedCallee: detach.callee)
      if loopTraceFile != 0 { loopDetaches.append(detach) }
    }
    patch.recycle(loop)
    return true
  }
}
#endif
