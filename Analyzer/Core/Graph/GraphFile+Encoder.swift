#if ImplicitsAnalysis
/// A part's bytes, written straight from the solved graph (no `Part` values made: at 5,000
/// files that was ~0.5 G instructions of the ~2.1 G the first writer cost).
///
/// A part is two pieces. The tables, a blob: the part's path, then each path, key name and
/// module-level id the part mentions, once (in order of first use), then the file's loop
/// record with its turn's edges (`write(_:keys:positions:edges:into:)`), then the part's
/// diagnostics. Then the nodes, to the end: each node's id, kind, name, place, flags, edges
/// (but the record's) and rows, where a path, key or module-level id is its number in the
/// tables. So a part's bytes depend on its own content only, never on this run's file or key
/// numbering.
///
/// Both pieces go through a `PartWriter` (`CacheWriter`'s bytes, without a dictionary of
/// strings or an array grown a byte at a time), and the graph's arrays are read in place:
/// per node no copy of the node, no dictionary lookup (`extras`), no slice of the rows.
extension GraphFile {
  struct Encoder {
    let graph: RequirementGraph
    let ids: StableNodeIDs
    let paths: [String]
    /// Per file, the graph diagnostics located there.
    let diagnostics: [[Diagnostic]]
    /// Per node: `Flags`.
    private(set) var flags: [UInt8]
    /// Per node, whether it has a closure value type or a dependency scope: the two
    /// dictionaries are looked up only for those (a few per module).
    let extras: [Bool]
    let solution: RequirementGraph.Solution
    /// The nodes of no file, in node order.
    let moduleNodes: [NodeID]
    let fileNodes: [FileNodes]
    /// Per file, its turn of the builder's per-file loop (`LoopRecord`), if it has one.
    let loops: [LoopRecord?]
    /// The names' digests a part's digest takes (`digest(file:)`), made once per run.
    var names: GraphFile.NameDigests
    /// Per file, how many entry points its summary has (`createNodes` made them): a part's
    /// digest leaves out the heads of the nodes made from the summary. `nil`: it takes every head.
    var summaryEntries: [Int]?
    /// This part's tables: each path (this run's file index), key and module-level name →
    /// its number in the part, or -1; and what was numbered, to reset them after the part.
    private var pathNumbers: [Int32]
    private var keyNumbers: [Int32]
    private var moduleNumbers: [Int32]
    private var usedPaths: [Int32] = []
    private var usedKeys: [Int32] = []
    private var usedModules: [Int32] = []
    /// The two pieces of the part being written, and the body they make, reused part to part.
    private let nodes = PartWriter()
    private let tables = PartWriter()
    private let body = PartWriter()
    /// The loop record's edges, a blob of the tables with its own strings
    /// (`write(_:keys:positions:edges:into:)`), and each range's node's position among the
    /// part's nodes (where a reader meets it, whatever the ids' scheme).
    private let loopEdges = PartWriter()
    private var loopPositions: [Int] = []

    struct Flags: OptionSet {
      let rawValue: UInt8
      static let detached = Flags(rawValue: 1)
      static let restoredBag = Flags(rawValue: 2)
      static let capturesAll = Flags(rawValue: 4)
      static let reportedOverloadSet = Flags(rawValue: 8)
    }

    init(_ solved: SolvedGraph, ids: StableNodeIDs, paths: [String], diagnostics: [Diagnostic]) {
      graph = solved.graph
      self.ids = ids
      self.paths = paths
      var byFile = [[Diagnostic]](repeating: [], count: paths.count)
      for diagnostic in diagnostics where byFile.indices.contains(Int(diagnostic.location.file)) {
        byFile[Int(diagnostic.location.file)].append(diagnostic)
      }
      self.diagnostics = byFile
      flags = [UInt8](repeating: 0, count: graph.nodeCount)
      for node in solved.restoredBags { flags[node.index] |= Flags.restoredBag.rawValue }
      for node in solved.captureAllBags { flags[node.index] |= Flags.capturesAll.rawValue }
      for node in solved.overloadSets { flags[node.index] |= Flags.reportedOverloadSet.rawValue }
      var extras = [Bool](repeating: false, count: graph.nodeCount)
      for node in graph.closureValueTypes.keys { extras[node.index] = true }
      for node in graph.dependencyScopes.keys { extras[node.index] = true }
      self.extras = extras
      solution = graph.solution
      fileNodes = solved.files.map { solved.nodes(of: $0) }
      loops = solved.loopRecords.count == paths.count ? solved.loopRecords : Array(repeating: nil, count: paths.count)
      var inFiles = [Bool](repeating: false, count: graph.nodeCount)
      for nodes in fileNodes {
        for node in nodes.bodies { inFiles[node.index] = true }
        for node in nodes.entries { inFiles[node.index] = true }
        for node in nodes.bags { inFiles[node.index] = true }
      }
      moduleNodes = (0..<graph.nodeCount).filter { !inFiles[$0] }.map(NodeID.init)
      pathNumbers = [Int32](repeating: -1, count: paths.count)
      keyNumbers = [Int32](repeating: -1, count: graph.keyNames.count)
      moduleNumbers = [Int32](repeating: -1, count: ids.moduleNames.count)
      names = GraphFile.NameDigests(paths: paths.count, keys: graph.keyNames.count, modules: ids.moduleNames.count)
    }

    /// The body of the module part (`file` `nil`) or of file `file`'s, as an array (tests).
    mutating func part(file: Int?) -> [UInt8] { withPart(file: file) { [UInt8]($0) } }

    /// Makes the body of the module part (`file` `nil`) or of file `file`'s and hands it
    /// to `use`; the bytes are valid only there.
    mutating func withPart<Result>(file: Int?, _ use: (UnsafeRawBufferPointer) -> Result) -> Result {
      nodes.reset()
      // A copy of the array (one retain): the writes below change `self`'s numbering.
      let graphNodes = graph.nodes
      // Passed down rather than read from `self` at each write: `self` is `inout` there, so
      // every `self.nodes.write` retained and released the writer (with the edges' and
      // roles' copies, ~45 % of the write's samples, perf).
      let out = nodes
      let loop = file.flatMap { loops[$0] }
      graphNodes.withUnsafeBufferPointer { all in
        if let file {
          let own = fileNodes[file]
          nodes.write(own.bodies.count + own.entries.count + own.bags.count)
          // The loop's ranges come in the nodes' order (bodies, entries, bags; `endLoop`):
          // each node takes the next one if it is its own.
          loopEdges.reset()
          loopPositions.removeAll(keepingCapacity: true)
          let ranges = loop?.ranges ?? []
          var (next, position) = (0, 0)
          for (part, list) in [(StableNodeID.Part.body, own.bodies), (.entry, own.entries), (.bag, own.bags)] {
            for (index, node) in list.enumerated() {
              var range: LoopRecord.EdgeRange?
              if next < ranges.count, ranges[next].part == part.rawValue, ranges[next].index == Int32(index) {
                range = ranges[next]
                loopPositions.append(position)
                next += 1
              }
              write(node, all, into: out, loop: range)
              position += 1
            }
          }
          precondition(next == ranges.count, "a loop record's range names a node of its file")
        } else {
          nodes.write(moduleNodes.count)
          for node in moduleNodes { write(node, all, into: out) }
        }
      }
      // The loop's keys numbered before the tables are written: a key only a mask of an
      // edge-less turn named (a detached closure's) is in no edge.
      let loopKeys = loop.map { $0.keys.map { number(key: Int($0)) } } ?? []
      tables.reset()
      tables.write(file.map { paths[$0] } ?? "")
      tables.write(usedPaths.count)
      for path in usedPaths { tables.write(paths[Int(path)]) }
      tables.write(usedKeys.count)
      for key in usedKeys { tables.write(graph.keyNames[Int(key)]) }
      tables.write(usedModules.count)
      for name in usedModules { tables.write(ids.moduleNames[Int(name)]) }
      Self.write(loop, keys: loopKeys, positions: loopPositions, edges: loopEdges, into: tables)
      let stored = file.map { diagnostics[$0] } ?? []
      tables.write(stored.count)
      var writer = tables
      for diagnostic in stored { GraphFile.stored(diagnostic, paths: paths).encode(into: &writer) }
      for path in usedPaths { pathNumbers[Int(path)] = -1 }
      for key in usedKeys { keyNumbers[Int(key)] = -1 }
      for name in usedModules { moduleNumbers[Int(name)] = -1 }
      usedPaths.removeAll(keepingCapacity: true)
      usedKeys.removeAll(keepingCapacity: true)
      usedModules.removeAll(keepingCapacity: true)
      // The body: the tables as a blob (their length, then them), then the nodes.
      body.reset()
      body.write(tables.output.count)
      body.output.append(tables.output.bytes)
      body.output.append(nodes.output.bytes)
      return use(body.output.bytes)
    }

    /// Node `id` (`all` is the graph's nodes), into `out` (`nodes`). Each edge is read in
    /// place, field by field: a copy of one retains its mask and its role's strings.
    /// The edges of `loop` (the node's range of the loop's edges, if it has one) go to
    /// `loopEdges` instead (`write(_:keys:positions:edges:into:)`); the node's edge count is all of them.
    private mutating func write(
      _ id: NodeID, _ all: UnsafeBufferPointer<RequirementGraph.Node>, into out: PartWriter,
      loop: LoopRecord.EdgeRange? = nil
    ) {
      let node = id.index
      // The node's own id: its part and index (its path is the part's), or its module name.
      out.write(tag: ids.parts[node])
      out.write(ids.parts[node] == StableNodeIDs.modulePart ? Int(number(module: ids.indices[node])) : Int(ids.indices[node]))
      var writer = out
      // The tags are `GraphFile.Kind`'s, which the reader decodes.
      GraphFile.Kind(all[node].kind).encode(into: &writer)
      out.write(all[node].name)
      write(all[node].location, into: out)
      var flags = self.flags[node]
      if all[node].isDetached { flags |= Flags.detached.rawValue }
      out.write(tag: flags)
      writer.write(optional: all[node].unclassifiedCallee)
      writer.write(optional: extras[node] ? graph.closureValueTypes[id] : nil)
      writer.write(optional: extras[node] ? graph.dependencyScopes[id] : nil)
      all[node].edges.withUnsafeBufferPointer { edges in
        out.write(edges.count)
        if let loop {
          // Later passes only append to a file's nodes (`LoopRecord`): the turn's edges are still there.
          let turn = Int(loop.start)..<Int(loop.start + loop.count)
          precondition(turn.upperBound <= edges.count, "a loop record's edges outlive the loop")
          for edge in 0..<turn.lowerBound { write(edge: edge, of: edges, into: out) }
          for edge in turn { write(edge: edge, of: edges, into: loopEdges) }
          for edge in turn.upperBound..<edges.count { write(edge: edge, of: edges, into: out) }
        } else {
          for edge in edges.indices { write(edge: edge, of: edges, into: out) }
        }
      }
      let rows = Int(solution.starts[node])..<Int(solution.starts[node + 1])
      out.write(rows.count)
      for row in rows {
        out.write(Int(number(key: Int(solution.keys[row]))))
        out.write(Int(solution.edges[row]))
      }
    }

    /// Edge `edge` of `edges`, as a node or a loop record carries it: source, mask, place,
    /// role (read back by `GraphFile.CallScan.Cursor.edge`).
    @inline(__always)
    private mutating func write(
      edge: Int, of edges: UnsafeBufferPointer<RequirementGraph.Edge>, into out: PartWriter
    ) {
      switch edges[edge].source {
      case .key(let key):
        out.write(tag: 0)
        out.write(Int(number(key: key)))
      case .node(let source):
        out.write(tag: 1)
        write(reference: source, into: out)
      }
      // `Edge.hidesEverything`, `[-1]`, without comparing with a global array.
      let maskCount = edges[edge].mask.count
      if maskCount == 1 && edges[edge].mask[0] == -1 {
        out.write(-1)
      } else {
        out.write(maskCount)
        for index in 0..<maskCount { out.write(Int(number(key: edges[edge].mask[index]))) }
      }
      write(edges[edge].location, into: out)
      var writer = out
      edges[edge].role.encode(into: &writer)
    }

    /// Whether each file's part has its loop's record (`GraphFile.Index.loops`).
    var hasLoops: [Bool] { loops.map { $0 != nil } }

    /// The loop's record, in the tables after the modules: tag 0 (none) or 1, the keys by
    /// their numbers in the part, each own node's range of the loop's edges (and the node's
    /// position among the part's nodes), the detaches, then the ranges' edges (`edges`) as a
    /// blob, in range order, with its own strings.
    ///
    /// The loop's edges are the record's, not the nodes': a node with a range lists its
    /// other edges only (its edge count is all of them), and a reader puts the range's edges
    /// back at `start`. So a replay reads the record alone — a few hundred bytes, not every
    /// node's head, name, edges and rows (walking whole parts cost a replay 326 M instructions
    /// at 5,000 files, more than the turns it replaced) — and the writer writes no edge twice
    /// (a copy in the record as well cost +171 M instructions and +34 % of the file at 5,000 files).
    /// A table of node offsets would not do: the nodes' strings are numbered from the piece's
    /// start, so a node read alone cannot name its calls.
    private static func write(
      _ loop: LoopRecord?, keys: [Int32], positions: [Int], edges: PartWriter, into out: PartWriter
    ) {
      guard let loop else { return out.write(tag: 0) }
      out.write(tag: 1)
      out.write(keys.count)
      for key in keys { out.write(Int(key)) }
      out.write(loop.ranges.count)
      for (range, position) in zip(loop.ranges, positions) {
        out.write(tag: range.part)
        out.write(Int(range.index))
        out.write(Int(range.start))
        out.write(Int(range.count))
        out.write(position)
      }
      out.write(loop.detaches.count)
      var writer = out
      for detach in loop.detaches {
        out.write(Int(detach.body))
        writer.write(optional: detach.callee)
      }
      out.write(edges.output.count)
      out.output.append(edges.output.bytes)
    }

    /// Another node, from this part: its part, path and index, or its module-level name.
    private mutating func write(reference node: NodeID, into out: PartWriter) {
      let part = ids.parts[node.index]
      out.write(tag: part)
      if part == StableNodeIDs.modulePart {
        out.write(Int(number(module: ids.indices[node.index])))
      } else {
        out.write(Int(number(path: ids.files[node.index])))
        out.write(Int(ids.indices[node.index]))
      }
    }

    private mutating func write(_ location: SourceLoc?, into out: PartWriter) {
      guard let location else { return out.write(-1) }
      out.write(Int(number(path: location.file)))
      out.write(Int(location.line))
      out.write(Int(location.column))
    }

    private mutating func number(path file: Int32) -> Int32 {
      if pathNumbers[Int(file)] < 0 {
        pathNumbers[Int(file)] = Int32(usedPaths.count)
        usedPaths.append(file)
      }
      return pathNumbers[Int(file)]
    }

    private mutating func number(key: Int) -> Int32 {
      if keyNumbers[key] < 0 {
        keyNumbers[key] = Int32(usedKeys.count)
        usedKeys.append(Int32(key))
      }
      return keyNumbers[key]
    }

    private mutating func number(module name: Int32) -> Int32 {
      if moduleNumbers[Int(name)] < 0 {
        moduleNumbers[Int(name)] = Int32(usedModules.count)
        usedModules.append(name)
      }
      return moduleNumbers[Int(name)]
    }
  }

  /// A diagnostic with its places by path (its notes may be in other files).
  static func stored(_ diagnostic: Diagnostic, paths: [String]) -> StoredDiagnostic {
    func place(_ location: SourceLoc) -> Place {
      Place(
        path: paths.indices.contains(Int(location.file)) ? paths[Int(location.file)] : "", line: location.line,
        column: location.column)
    }
    var entry: String?
    switch diagnostic.unresolved?.entry {
    case nil: entry = nil
    case .rootScope: entry = "root scope"
    case .emptyBag: entry = "empty bag"
    case .dependencyScope(let function): entry = "dependency scope " + function
    }
    return StoredDiagnostic(
      id: diagnostic.id.rawValue, severity: diagnostic.severity.rawValue, location: place(diagnostic.location),
      message: diagnostic.message, notes: diagnostic.notes.map { StoredNote(location: place($0.location), message: $0.message) },
      unresolvedKeys: diagnostic.unresolved?.keys, unresolvedEntry: entry)
  }
}

// MARK: Read back

extension GraphFile.CallScan.Cursor {
  /// An edge as `Encoder.write(edge:of:into:)` writes it, in the part's numbers, read in
  /// place by both scans: `CallScan` from the nodes, `LoopScan` from the loop record.
  struct Edge {
    /// 0: a key (`source` its number among the part's keys); 1: a file's node (`sourcePart`,
    /// `sourcePath` its path's number, `source` its index); 2: a module-level node (`source`
    /// its number among the part's modules, `sourcePart` `StableNodeIDs.modulePart`).
    var sourceKind: UInt8 = 0
    var sourcePart: UInt8 = 0
    var sourcePath: Int32 = -1
    var source: Int32 = 0
    /// -1: hides everything; else the mask's keys are `masks[maskStart..<maskStart + maskCount]`
    /// when kept (`maskStart` -1 when not).
    var maskStart: Int32 = -1
    var maskCount: Int32 = -1
    /// The place: its path's number (-1: none), line, column.
    var placePath: Int32 = -1
    var line: Int32 = 0
    var column: Int32 = 0
    /// `RequirementGraph.Role`'s tag; for a call, its name's number in `strings`.
    var role: UInt8 = 0
    var name: Int32 = -1
  }

  /// One edge; its mask's keys appended to `masks` if `keepsMasks`, its strings numbered in `strings`.
  @inline(__always)
  mutating func edge(
    _ strings: inout [Range<Int>], masks: inout [Int32], keepsMasks: Bool
  ) throws(GraphFile.CallScan.Malformed) -> Edge {
    var edge = Edge()
    switch try byte() {
    case 0: edge.source = try int32()
    case 1:
      edge.sourcePart = try byte()
      if edge.sourcePart == StableNodeIDs.modulePart {
        edge.sourceKind = 2
        edge.source = try int32()
      } else {
        edge.sourceKind = 1
        edge.sourcePath = try int32()
        edge.source = try int32()
      }
    default: throw GraphFile.CallScan.Malformed()
    }
    let mask = try int()
    guard mask >= -1, mask <= end - offset else { throw GraphFile.CallScan.Malformed() }
    if mask >= 0 {
      edge.maskCount = Int32(mask)
      if keepsMasks {
        edge.maskStart = Int32(masks.count)
        for _ in 0..<mask { masks.append(try int32()) }
      } else {
        for _ in 0..<mask { _ = try int() }
      }
    }
    edge.placePath = try int32()
    if edge.placePath != -1 { (edge.line, edge.column) = (try int32(), try int32()) }
    (edge.role, edge.name) = try role(&strings)
    return edge
  }
}

extension GraphFile.Part {
  /// A part from its body's bytes (`bytes[range]`), everything numbered in it named again.
  /// Rows come sorted by key name, as `Parts` makes them.
  init(body bytes: [UInt8], _ range: Range<Int>) throws(CacheReader.Malformed) {
    var reader = CacheReader(bytes, from: range.lowerBound, to: range.upperBound, file: 0)
    let tableBytes = try reader.readBlob()
    var tables = CacheReader(tableBytes, file: 0)
    let path: String = try tables.read()
    func strings() throws(CacheReader.Malformed) -> [String] {
      let count: Int = try tables.read()
      guard count >= 0, count <= tables.remaining else { throw CacheReader.Malformed() }
      var strings: [String] = []
      strings.reserveCapacity(count)
      for _ in 0..<count { strings.append(try tables.read()) }
      return strings
    }
    func element<T>(_ list: [T], _ index: Int) throws(CacheReader.Malformed) -> T {
      guard list.indices.contains(index) else { throw CacheReader.Malformed() }
      return list[index]
    }
    let (paths, keys, modules) = (try strings(), try strings(), try strings())
    func place(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> GraphFile.Place? {
      let path: Int = try reader.read()
      if path == -1 { return nil }
      return GraphFile.Place(path: try element(paths, path), line: try reader.read(), column: try reader.read())
    }
    func reference(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> StableNodeID {
      let tag = try reader.tag()
      if tag == StableNodeIDs.modulePart { return .module(try element(modules, try reader.read())) }
      guard let part = StableNodeID.Part(rawValue: tag) else { throw CacheReader.Malformed() }
      let path = try element(paths, try reader.read())
      let index: Int = try reader.read()
      guard index >= 0 else { throw CacheReader.Malformed() }
      return .file(path: path, part: part, index: index)
    }
    /// An edge as `Encoder.write(edge:of:into:)` writes it, in a node or in the loop record.
    func edge(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> GraphFile.Edge {
      let source: GraphFile.Edge.Source
      switch try reader.tag() {
      case 0: source = .key(try element(keys, try reader.read()))
      case 1: source = .node(try reference(&reader))
      default: throw CacheReader.Malformed()
      }
      let maskCount: Int = try reader.read()
      var mask: [KeyName]?
      if maskCount >= 0 {
        guard maskCount <= reader.remaining else { throw CacheReader.Malformed() }
        mask = []
        for _ in 0..<maskCount { mask!.append(try element(keys, try reader.read())) }
      } else if maskCount != -1 {
        throw CacheReader.Malformed()
      }
      return GraphFile.Edge(source: source, mask: mask, location: try place(&reader), role: try reader.read())
    }
    var loop: GraphFile.Loop?
    /// Each range's node's position among the part's nodes, increasing.
    var positions: [Int] = []
    switch try tables.tag() {
    case 0: loop = nil
    case 1:
      func count() throws(CacheReader.Malformed) -> Int {
        let count: Int = try tables.read()
        guard count >= 0, count <= tables.remaining else { throw CacheReader.Malformed() }
        return count
      }
      var record = GraphFile.Loop(keys: [], ranges: [], detaches: [], edges: [])
      positions.removeAll()
      for _ in 0..<(try count()) { record.keys.append(try element(keys, try tables.read())) }
      for _ in 0..<(try count()) {
        let part = try tables.tag()
        let (index, start, length): (Int, Int, Int) = (try tables.read(), try tables.read(), try tables.read())
        guard let index = Int32(exactly: index), let start = Int32(exactly: start), let length = Int32(exactly: length)
        else { throw CacheReader.Malformed() }
        record.ranges.append(.init(part: part, index: index, start: start, count: length))
        let position: Int = try tables.read()
        guard position > (positions.last ?? -1) else { throw CacheReader.Malformed() }
        positions.append(position)
      }
      for _ in 0..<(try count()) {
        let body: Int = try tables.read()
        guard let body = Int32(exactly: body) else { throw CacheReader.Malformed() }
        record.detaches.append(.init(body: body, callee: try tables.read()))
      }
      let edgeBytes = try tables.readBlob()
      var edges = CacheReader(edgeBytes, file: 0)
      for range in record.ranges {
        guard range.count >= 0 else { throw CacheReader.Malformed() }
        for _ in 0..<range.count { record.edges.append(try edge(&edges)) }
      }
      guard edges.isAtEnd else { throw CacheReader.Malformed() }
      loop = record
    default: throw CacheReader.Malformed()
    }
    let diagnostics: [GraphFile.StoredDiagnostic] = try tables.read()
    guard tables.isAtEnd else { throw CacheReader.Malformed() }
    let count: Int = try reader.read()
    guard count >= 0, count <= reader.remaining else { throw CacheReader.Malformed() }
    var nodes: [GraphFile.Node] = []
    nodes.reserveCapacity(count)
    // The loop's ranges, in the nodes' order, and where each one's edges start in the record.
    let ranges = loop?.ranges ?? []
    var (nextRange, nextEdge) = (0, 0)
    for position in 0..<count {
      let tag = try reader.tag()
      let index: Int = try reader.read()
      let id: StableNodeID
      if tag == StableNodeIDs.modulePart {
        id = .module(try element(modules, index))
      } else {
        guard let part = StableNodeID.Part(rawValue: tag), index >= 0 else { throw CacheReader.Malformed() }
        id = .file(path: path, part: part, index: index)
      }
      let kind: GraphFile.Kind = try reader.read()
      let name: String = try reader.read()
      let location = try place(&reader)
      let flags = GraphFile.Encoder.Flags(rawValue: try reader.tag())
      let unclassifiedCallee: String? = try reader.read()
      let closureValueType: String? = try reader.read()
      let dependencyScope: String? = try reader.read()
      let edgeCount: Int = try reader.read()
      var turn = 0..<0
      if nextRange < ranges.count, positions[nextRange] == position {
        turn = Int(ranges[nextRange].start)..<Int(ranges[nextRange].start + ranges[nextRange].count)
        nextRange += 1
      }
      guard edgeCount >= turn.upperBound, edgeCount - turn.count <= reader.remaining else { throw CacheReader.Malformed() }
      var edges: [GraphFile.Edge] = []
      edges.reserveCapacity(edgeCount)
      // The loop's edges, which the record holds (`Encoder.write(_:keys:positions:edges:into:)`), in their place.
      for _ in 0..<turn.lowerBound { edges.append(try edge(&reader)) }
      if let loop, !turn.isEmpty {
        edges += loop.edges[nextEdge..<(nextEdge + turn.count)]
        nextEdge += turn.count
      }
      for _ in turn.upperBound..<edgeCount { edges.append(try edge(&reader)) }
      let rowCount: Int = try reader.read()
      guard rowCount >= 0, rowCount <= reader.remaining else { throw CacheReader.Malformed() }
      var rows: [GraphFile.Row] = []
      rows.reserveCapacity(rowCount)
      for _ in 0..<rowCount {
        let key = try element(keys, try reader.read())
        let edge: Int = try reader.read()
        // A row names one of the node's edges.
        guard edges.indices.contains(edge) else { throw CacheReader.Malformed() }
        rows.append(GraphFile.Row(key: key, edge: edge))
      }
      nodes.append(GraphFile.Node(
        id: id, kind: kind, name: name, location: location, isDetached: flags.contains(.detached),
        unclassifiedCallee: unclassifiedCallee, closureValueType: closureValueType, dependencyScope: dependencyScope,
        isRestoredBag: flags.contains(.restoredBag), capturesAll: flags.contains(.capturesAll),
        isReportedOverloadSet: flags.contains(.reportedOverloadSet), edges: edges,
        rows: rows.sorted { $0.key < $1.key }))
    }
    guard reader.isAtEnd, nextRange == ranges.count else { throw CacheReader.Malformed() }
    self.path = path
    self.nodes = nodes
    self.diagnostics = diagnostics
    self.loop = loop
  }
}
#endif
