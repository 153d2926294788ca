#if ImplicitsAnalysis
import Foundation

/// Design step 4a of the change-driven graph (`Benchmarks/Analyzer/README.md`), hidden behind
/// `IMPLICITS_PATCHED_GRAPH=1`: on a re-check whose dirty files the change index knows
/// (`ChangeIndex.Before.dirty`) and whose last run left its graph (`GraphFile`), a *clean*
/// file's calls are answered from its part of that graph instead of being looked up
/// (`SymbolTable.candidates`, the largest slice of the graph build after the symbols).
///
/// Why the answer is exact: a clean file is unchanged (same path and summary entry) and
/// read no name an edit changed, and the change index's oracle checks that such a file's
/// call candidates (callees by path and body index, or a dependency's qualified name) are
/// what they were; a call resolves from its candidates, so its edge is the last run's,
/// its source named by stable id (`StableNodeID`), here mapped to this run's node. Only an
/// edge found without doubt answers: the one contribution of its target at its place is
/// this call, the target has exactly one `.call` edge there, and its source is a body node
/// of a file of this run or a dependency's function, which a callable of this run stands
/// for. Anything else (an overload set, a closure value, a copy made for one call, no edge
/// at all) is looked up as before, and the builder makes what it makes from the answer.
/// So every node, key and edge is made in a cold build's order; `PatchedCalls.Oracle`
/// builds the graph once more without answers and compares the two, node for node.
///
/// What it does not do yet (step 4's rest): the clean files' nodes and their other edges
/// are still built from their summaries, and the module-wide passes run whole.
final class PatchedCalls: @unchecked Sendable {
  /// Switches (environment, read once; none is a documented option):
  /// - `IMPLICITS_PATCHED_GRAPH=1`: answer clean files' calls from the last graph (needs
  ///   `IMPLICITS_CHANGE_INDEX=1` and a graph file: `--experimental-graph-cache`, or the
  ///   graph oracle).
  /// - `IMPLICITS_PATCHED_GRAPH_ORACLE=<file>`: build the graph a second time without
  ///   answers and compare; one line per patched run appended to `<file>`, and a graph that
  ///   differs is said on standard error (so a re-check's output differs from a cold one).
  /// - `IMPLICITS_PATCHED_GRAPH_PLANT=dirty`: treat the dirty files as clean too (a planted
  ///   bug the oracle and `Tests/Incremental/run.py` must catch).
  /// - `IMPLICITS_PATCHED_GRAPH=2`: as 1, and a clean file whose part has its loop's record
  ///   (`LoopRecord`) gets its loop's edges from the part, not built (`replaysLoops`); its
  ///   calls are not looked up at all. `IMPLICITS_PATCHED_GRAPH_PLANT=loop` drops the
  ///   replayed edges, `IMPLICITS_PATCHED_GRAPH_PLANT=scan` keeps the last part's in the
  ///   reused scan (`LoopScan.rescan`) before this part's (planted bugs).
  /// - With either level, the graph file copies a clean file's part whose digest is the
  ///   last run's (`reuse`); `IMPLICITS_PATCHED_GRAPH_PLANT=copy` copies it whatever the
  ///   digests say (a planted bug).
  typealias Switches = HiddenSwitch

  let reader: GraphFile.Reader
  /// Per file of this run: its part in the last run's graph if it is clean, else -1.
  let parts: [Int32]
  /// With `Switches.replaysLoops`, per file: whether it is clean and its part has its
  /// loop's record, so that the builder replays the loop (`GraphBuilder.replayLoop`).
  let replayed: [Bool]?
  /// How many files' loops were replayed (`loop(file:)` read their parts), for the oracle's line.
  var replayedCount = 0
  /// Per file: whether its loop was replayed, its part read and checked (`reuse`).
  var replayedFiles: [Bool]
  let switches: Switches
  /// This run's files' paths, and each path's file.
  let paths: [String]
  /// This run's files by their paths' bytes.
  let pathTable: BytesTable<Int32>
  /// The builder's key ids by their names' bytes: filled by the replays (`key(_:_:in:)`),
  /// on the builder's thread only.
  var keyTable = BytesTable<Int32>(capacity: 256)
  /// The scan the replays reuse (`loop(file:)`, `recycle`), on the builder's thread only.
  var scratch = GraphFile.LoopScan()
  /// Filled by `prepare` once the symbol table is complete, before any lookup.
  private var fileNodes: [FileNodes] = []
  /// This run's dependency functions by their stable module-level names.
  private(set) var externals: [String: Int32] = [:]
  /// Per node: the callable it is the node of, or -1.
  private var callables: [Int32] = []
  /// Per file: calls answered from the part and calls left to the lookup; written by the
  /// one thread that handles the file.
  private var answered: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
  private var left: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)

  /// The clean files' parts, or `nil` when this run cannot use the last graph: no dirty
  /// set, another run's graph or change index, other run-wide inputs.
  static func make(
    _ switches: Switches, reader: GraphFile.Reader?, before: ChangeIndex.Before?, paths: [String], entries: [String],
    inputs: ContentHash
  ) -> PatchedCalls? {
    guard switches.on, let reader, let before, let last = before.last, let dirty = before.dirty,
      reader.index.inputs == inputs,
      // The change index and the graph must describe the same run: a file clean by the index
      // is then unchanged since the run whose part is read.
      last.paths == reader.index.paths, last.entries == reader.index.summaries
    else { return nil }
    var oldFiles: [String: Int] = [:]
    oldFiles.reserveCapacity(reader.index.paths.count)
    for (file, path) in reader.index.paths.enumerated() { oldFiles[path] = file }
    let plant = switches.plant == "dirty"
    let parts = paths.indices.map { file -> Int32 in
      guard let old = oldFiles[paths[file]], plant || !dirty.contains(paths[file]),
        plant || reader.index.summaries[old] == entries[file]
      else { return -1 }
      return Int32(old)
    }
    let replayed = switches.replaysLoops ? parts.map { $0 >= 0 && reader.index.loops[Int($0)] } : nil
    return PatchedCalls(reader: reader, parts: parts, replayed: replayed, paths: paths, switches: switches)
  }

  private init(reader: GraphFile.Reader, parts: [Int32], replayed: [Bool]?, paths: [String], switches: Switches) {
    (self.reader, self.parts, self.replayed, self.paths, self.switches) = (reader, parts, replayed, paths, switches)
    replayedFiles = [Bool](repeating: false, count: paths.count)
    pathTable = Self.pathTable(paths)
  }

  deinit {
    answered.deallocate()
    left.deallocate()
  }

  /// What the answers are mapped with; called by the builder once the symbol table is
  /// complete (`CallLookups` starts right after).
  /// - Parameter dependencyNodes: where the dependencies' functions are, the only nodes of
  ///   kind `.external` (`GraphBuilder.indexDependencies`): only those are named here.
  func prepare(fileNodes: [FileNodes], graph: RequirementGraph, symbols: SymbolTable, dependencyNodes: Range<Int>) {
    precondition(fileNodes.count == paths.count, "a path per file")
    self.fileNodes = fileNodes
    callables = [Int32](repeating: -1, count: graph.nodeCount)
    // Indexed from the end, not enumerated and reversed: that copied every callable.
    for index in symbols.callables.indices.reversed() {
      let node = symbols.callables[index].node.index
      if node < graph.nodeCount { callables[node] = Int32(index) }
    }
    // As `StableNodeIDs` names them: kind, name, no place; repeats numbered in node order.
    var seen: [String: Int] = [:]
    for node in dependencyNodes.lazy.map(NodeID.init) {
      guard case .external(let module) = graph[node].kind else { continue }
      let name = "external \(module) '\(graph[node].name)' at -"
      let occurrence = seen[name, default: 0]
      seen[name] = occurrence + 1
      externals[occurrence == 0 ? name : "\(name) #\(occurrence + 1)"] = node.raw
    }
    answered = .allocate(capacity: paths.count)
    answered.initialize(repeating: 0)
    left = .allocate(capacity: paths.count)
    left.initialize(repeating: 0)
  }

  /// Answers file `file`'s calls from its part: for each call answered, `callees[start +
  /// contribution]` and `names[…]` as `CallLookups` fills them. False when the file is not
  /// clean or its part cannot be read: then nothing is written and the file is looked up.
  func answer(
    file: Int, _ summary: FileSummary, callees: UnsafeMutableBufferPointer<Int32>,
    names: UnsafeMutableBufferPointer<String?>, start: Int
  ) -> Bool {
    // Replayed: the builder takes its edges from the part, its calls are asked of no one.
    if replays(file) { return true }
    guard parts[file] >= 0,
      let part = try? reader.partBody(ofFile: Int(parts[file])),
      let scan = try? GraphFile.CallScan(part.bytes, body: part.body),
      scan.path >= 0, scan.tableString(Int32(scan.path), is: paths[file])
    else { return false }
    // The part's number for its own path, which the places of its calls have; and each path
    // it mentions as this run's file, found once per part rather than once per call.
    let own = scan.paths.firstIndex { $0 == Int32(scan.path) }.map { Int32($0) } ?? -1
    let files = scan.paths.map { scan.withTableBytes($0) { pathTable.value($0) ?? -1 } }
    let contributions = summary.contributions
    let places = Places(contributions)
    var (found, missed): (Int32, Int32) = (0, 0)
    for index in contributions.indices {
      guard case .call(let site) = contributions[index].source, !site.isTentative else { continue }
      let (target, isEntry): (Int32, Bool)
      switch contributions[index].sink {
      case .body(let node): (target, isEntry) = (Int32(node), false)
      case .entry(let entry): (target, isEntry) = (Int32(entry), true)
      case .bag: continue
      }
      let location = contributions[index].location
      guard let callable = callee(
        scan, files, target: target, isEntry: isEntry, line: location.line, column: location.column, own: own,
        alone: places.isAlone(index) && !summary.bagPasses.contains { $0.call.location == location })
      else {
        missed += 1
        continue
      }
      callees[start + index] = callable.index
      names[start + index] = callable.name
      found += 1
    }
    answered[file] = found
    left[file] = missed
    return true
  }

  /// Each contribution's target and place packed in one number, and the same sorted: whether
  /// a call is the only contribution of its target at its place, and no bag is passed there
  /// (checked apart), is what makes a `.call` edge there this call's. Packed and sorted once
  /// per file rather than compared pairwise: a generated file has ~18 calls among ~42
  /// contributions.
  private struct Places {
    var packed: [Int64]
    var sorted: [Int64]

    init(_ contributions: [Contribution]) {
      packed = contributions.map { contribution in
        let target: Int64
        switch contribution.sink {
        case .body(let node): target = Int64(node) * 2
        case .entry(let entry): target = Int64(entry) * 2 + 1
        case .bag: return -1
        }
        let (line, column) = (Int64(contribution.location.line), Int64(contribution.location.column))
        guard target < 1 << 22, (0..<(1 << 20)).contains(line), (0..<(1 << 20)).contains(column) else { return -1 }
        return target << 40 | line << 20 | column
      }
      sorted = packed.sorted()
    }

    func isAlone(_ index: Int) -> Bool {
      let key = packed[index]
      guard key >= 0 else { return false }
      var (low, high) = (0, sorted.count)
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < key { low = middle + 1 } else { high = middle }
      }
      return low + 1 >= sorted.count || sorted[low + 1] != key
    }
  }

  /// The callable and name of the one `.call` edge of `target` at (`line`, `column`).
  private func callee(
    _ scan: GraphFile.CallScan, _ files: [Int32], target: Int32, isEntry: Bool, line: Int32, column: Int32, own: Int32, alone: Bool
  ) -> (index: Int32, name: String)? {
    guard alone, own >= 0 else { return nil }
    var match: GraphFile.CallScan.Call?
    for call in scan.calls
    where call.target == target && call.isEntry == isEntry && call.line == line && call.column == column
      && call.placePath == own
    {
      guard match == nil else { return nil }
      match = call
    }
    guard let match, let node = node(of: match, scan, files) else { return nil }
    let callable = callables[Int(node)]
    guard callable >= 0 else { return nil }
    return (callable, scan.name(of: match))
  }

  /// This run's node of a call's source: a body node of a file of this run, or a dependency's function.
  private func node(of call: GraphFile.CallScan.Call, _ scan: GraphFile.CallScan, _ files: [Int32]) -> Int32? {
    if call.sourcePart == StableNodeIDs.modulePart {
      guard scan.modules.indices.contains(Int(call.sourceIndex)) else { return nil }
      return externals[scan.tableString(scan.modules[Int(call.sourceIndex)])]
    }
    guard call.sourcePart == StableNodeID.Part.body.rawValue, files.indices.contains(Int(call.sourcePath)) else { return nil }
    let file = files[Int(call.sourcePath)]
    guard file >= 0 else { return nil }
    let bodies = fileNodes[Int(file)].bodies
    guard bodies.indices.contains(Int(call.sourceIndex)) else { return nil }
    return bodies[Int(call.sourceIndex)].raw
  }

  /// The last run's parts this run's graph file may copy (`GraphFile.write`): a clean
  /// file's whose loop was replayed from that part (checked when read), or whose part had no
  /// loop record (every edge of it then in its digest; checked when copied). A clean file
  /// whose record's edges were built anew is encoded: its digest leaves those edges out.
  var reuse: GraphFile.Reuse {
    var reusable = parts
    for file in reusable.indices where reusable[file] >= 0 && !replayedFiles[file] {
      if reader.index.loops[Int(reusable[file])] { reusable[file] = -1 }
    }
    return GraphFile.Reuse(reader: reader, parts: reusable, checked: replayedFiles, blind: switches.plant == "copy")
  }

  /// Clean files, calls answered and left to the lookup, over the run.
  var counts: (clean: Int, answered: Int, left: Int) {
    (parts.count(where: { $0 >= 0 }), answered.reduce(0) { $0 + Int($1) }, left.reduce(0) { $0 + Int($1) })
  }
}
#endif

#if ImplicitsAnalysis
extension HiddenSwitch {
  /// The patched graph's: `IMPLICITS_PATCHED_GRAPH` (1 or 2), `_ORACLE`, `_PLANT`.
  static let patchedGraph = environment(
    "IMPLICITS_PATCHED_GRAPH", oracle: "IMPLICITS_PATCHED_GRAPH_ORACLE", plant: "IMPLICITS_PATCHED_GRAPH_PLANT")

  /// Level 1 or more: clean files' calls answered from the last graph.
  var on: Bool { level >= 1 }
  /// Level 2: clean files' loops replayed from it too.
  var replaysLoops: Bool { level >= 2 }

  init(on: Bool, oracle: String?, plant: String?, replaysLoops: Bool = false) {
    self.init(level: replaysLoops ? 2 : on ? 1 : 0, oracle: oracle, plant: plant)
  }
}
#endif
