#if ImplicitsAnalysis
import Foundation

/// What `Analyzer.check` knows of each file that tells the outputs which interface entries
/// an edit can reach (`ReprintedEntries`).
struct ReplayedFiles: Sendable {
  /// Each file's summary entry: its path, bytes and conditions (`SummaryCache.entryName`).
  var summaries: [String]
  /// Whether the file's key record held and its frames and declaration rewrites were
  /// replayed under the alias table they were made with: its summary is the one the run
  /// that kept the record made, to the last rewrite.
  var whole: [Bool]
  /// `ScopeClosureAliases.digest`: `nil` when the module's alias table has none.
  var aliasDigest: ContentHash?
  /// Whether all but a few files (an edit's) had their keys replayed from their records:
  /// a re-check, whose freed memory is kept for reuse (`FreedMemory`).
  var mostReplayed = false
}

/// Which interface entries a re-check prints anew; every other one is copied from the last
/// run's interface file (`ReusedEntries`, `InterfaceWriter.encode(_:to:reuse:)`).
///
/// An entry's bytes are made from: its declaration (type, signature, each parameter's label
/// and flags, access, `spi`, `isStatic`); its `requires` (the node's solved keys, by name);
/// `file` (its file's rank among the files with links); `isAsync` (`AsyncOverloads`);
/// `stepFunctions` and `links` (each key's path in the solved graph, the step's place and
/// file rank, the closure type's index, the callee's position or a dependency's index);
/// the separator before it (none before the first). So an entry is copied only when:
/// - run-wide, all hold (`runInputs`, else every entry is printed): the module name and
///   options, the dependencies' interfaces (bytes), the alias table (its digest),
///   `closureTypes`, the functions with `async` overloads; one build configuration (no
///   `conditions`); every function of a file that is not a seed is found in both runs
///   (`PositionRemap`: callee positions and file ranks that moved are rewritten in the
///   copied bytes, `EntryRenumbering`); and no changed, added or deleted file's type facts
///   changed (`typeFactsChanged`: they move calls between files the edit did not touch);
/// - it is not the first entry now or then (the separator), nor of a seed file;
/// - its own function's node is not reached from a *seed*: a file changed on disk since the
///   last run (summary entry), added, or not replayed whole (`ReplayedFiles.whole`: its keys
///   resolved again, its frames re-simulated or replayed under another alias table — an
///   unchanged file's keys can resolve to something else, so changed files alone miss
///   entries); a file whose graph nodes read, in the last run's graph, from a seed or a
///   deleted file (`ReusedEntries.Record.upstream`: a removed edge is not in this graph);
///   and a node with an edge written in a seed file. Reached means downstream along the
///   solved graph's edges (`RequirementGraph.dependents`): a node's requirements and the
///   edges they came through depend only on the nodes upstream of it
///   (`RequirementSolveTests.upstreamSubgraphSolvesAlikeAlone`).
enum ReprintedEntries {
  /// A hash of the run-wide inputs above; `nil` when the run cannot reuse entries (no
  /// cache, several build configurations, no alias digest).
  static func runInputs(_ plan: InterfacePlan) -> ContentHash? {
    let result = plan.result
    guard let replayed = result.replayed, result.configurations == nil, let aliases = replayed.aliasDigest else {
      return nil
    }
    var hash = ContentHash()
    func add(_ texts: [String]) {
      hash.add("\(texts.count)")
      for text in texts { hash.add(text + "\u{0}") }
    }
    let options = result.options
    add([options.moduleName, options.enableExporting ? "exporting" : "", aliases.hex])
    add(Set(options.defines).sorted())
    add(Set(options.testableDependencies).sorted())
    add(options.dependencyInterfaces)
    for interface in options.dependencyInterfaces {
      hash.add(bytes: [UInt8](FileManager.default.contents(atPath: interface) ?? Data()))
    }
    add(plan.header.closureTypes ?? ["-"])
    add(plan.asyncOverloads.names)
    return hash
  }

  /// What an edit can reach, given the last run's `record`: the seed files, and the nodes
  /// of this run's graph downstream of them.
  struct Reached: Sendable {
    var seeds: [Bool]
    var nodes: [Bool]
    /// The files of both runs matched by path (`PositionRemap` matches the entries with it).
    var files: FileMapping
  }

  /// This run's files and the last run's matched by path, made once per re-check for
  /// `reachedNodes` and `PositionRemap` alike (each once made a path dictionary of its own).
  struct FileMapping: Sendable {
    /// Per file of this run, its index in the last run (`-1`: new).
    var old: [Int]
    /// Per file of the last run, its index in this run (`-1`: gone).
    var new: [Int]

    init(old oldPaths: [String], new newPaths: [String]) {
      var index: [String: Int] = [:]
      index.reserveCapacity(oldPaths.count)
      for (position, path) in oldPaths.enumerated() { index[path] = position }
      old = newPaths.map { index[$0] ?? -1 }
      new = [Int](repeating: -1, count: oldPaths.count)
      for (file, then) in old.enumerated() where then >= 0 { new[then] = file }
    }
  }

  /// What an edit can reach (`Reached`); `nil` when nothing can be told (no cache, no
  /// dependents kept).
  static func reachedNodes(
    _ result: AnalysisResult, record: ReusedEntries.Record, _ nodeFiles: NodeFiles, files: FileMapping
  ) -> Reached? {
    guard let replayed = result.replayed, let dependents = result.graph.dependents else { return nil }
    let count = result.paths.count
    var seed = [Bool](repeating: true, count: count)
    for file in 0..<count where files.old[file] >= 0 {
      seed[file] = !replayed.whole[file] || record.summaries[files.old[file]] != replayed.summaries[file]
    }
    // The last run's files that are gone or seeds: a file that read from one may have lost
    // an edge this graph cannot show.
    let gone = files.new.map { $0 < 0 || seed[$0] }
    let graph = result.graph
    var dirty = [Bool](repeating: false, count: graph.nodeCount)
    var stack: [Int] = []
    func reach(_ node: NodeID) {
      guard !dirty[node.index] else { return }
      dirty[node.index] = true
      stack.append(node.index)
    }
    var reached = seed
    for file in 0..<count where !seed[file] {
      let old = files.old[file]
      guard old >= 0 else { continue }
      let groups = record.upstream[old]
      let bodies = result.solved.nodes(of: FileID(file)).bodies
      var at = 0
      while at + 1 < groups.count {
        let (body, files) = (groups[at], groups[(at + 2)..<min(groups.count, at + 2 + groups[at + 1])])
        at += 2 + groups[at + 1]
        // A file number out of range (a damaged record) counts as gone.
        guard files.contains(where: { !gone.indices.contains($0) || gone[$0] }) else { continue }
        // A body of an unchanged file has the same index as then; any other node, the file.
        if (0..<bodies.count).contains(body) { reach(bodies[body]) } else { reached[file] = true }
      }
    }
    graph.nodes.withUnsafeBufferPointer { nodes in
      for node in 0..<nodes.count where !dirty[node] {
        var hit = nodeFiles.file[node] >= 0 && reached[Int(nodeFiles.file[node])]
        nodes[node].edges.withUnsafeBufferPointer { edges in
          for edge in edges.indices where !hit {
            if let location = edges[edge].location, Int(location.file) < count { hit = seed[Int(location.file)] }
          }
        }
        if hit { reach(NodeID(node)) }
      }
    }
    while let node = stack.popLast() {
      for position in Int(dependents.starts[node])..<Int(dependents.starts[node + 1]) {
        let dependent = Int(dependents.nodes[position])
        if !dirty[dependent] {
          dirty[dependent] = true
          stack.append(dependent)
        }
      }
    }
    return Reached(seeds: seed, nodes: dirty, files: files)
  }

  /// Per file, each body (by index among the file's body nodes, `-1` for a node of the
  /// file that is none) whose edges come from other files (through nodes of no file: bags,
  /// overload sets, entry points) or are written in them, with those files: what the next
  /// run reads as `ReusedEntries.Record.upstream`, one list per file of
  /// `body, count, file…` groups.
  static func upstreamFiles(_ solved: SolvedGraph, _ nodeFiles: NodeFiles) -> [[Int]] {
    let (fileOf, bodyOf, fileCount) = (nodeFiles.file, nodeFiles.body, nodeFiles.fileCount)
    let nodes = solved.graph.nodes
    // What the nodes of no file read from, through each other to a fixed point; a few files
    // each: lists, not sets (a set per node was most of this function's cost).
    let unfiled = fileOf.indices.filter { fileOf[$0] < 0 }
    var slot = [Int32](repeating: -1, count: fileOf.count)
    var through: [[Int32]] = []
    through.reserveCapacity(unfiled.count)
    for node in unfiled {
      slot[node] = Int32(through.count)
      var files: [Int32] = []
      for edge in nodes[node].edges {
        if let location = edge.location, Int(location.file) < fileCount, !files.contains(location.file) {
          files.append(location.file)
        }
        if case .node(let source) = edge.source, fileOf[source.index] >= 0, !files.contains(fileOf[source.index]) {
          files.append(fileOf[source.index])
        }
      }
      through.append(files)
    }
    var changed = true
    while changed {
      changed = false
      for node in unfiled {
        let mine = Int(slot[node])
        for edge in nodes[node].edges {
          guard case .node(let source) = edge.source, slot[source.index] >= 0, source.index != node else { continue }
          for file in through[Int(slot[source.index])] where !through[mine].contains(file) {
            through[mine].append(file)
            changed = true
          }
        }
      }
    }
    var upstream = [[Int]](repeating: [], count: fileCount)
    // A node's other files, a few at most.
    var files: [Int32] = []
    for node in fileOf.indices where fileOf[node] >= 0 {
      let file = fileOf[node]
      files.removeAll(keepingCapacity: true)
      for edge in nodes[node].edges {
        if let location = edge.location, location.file != file, Int(location.file) < fileCount,
          !files.contains(location.file)
        {
          files.append(location.file)
        }
        guard case .node(let source) = edge.source, fileOf[source.index] != file else { continue }
        if fileOf[source.index] >= 0 {
          if !files.contains(fileOf[source.index]) { files.append(fileOf[source.index]) }
        } else {
          for other in through[Int(slot[source.index])] where other != file && !files.contains(other) {
            files.append(other)
          }
        }
      }
      guard !files.isEmpty else { continue }
      files.sort()
      upstream[Int(file)].append(Int(bodyOf[node]))
      upstream[Int(file)].append(files.count)
      for other in files { upstream[Int(file)].append(Int(other)) }
    }
    return upstream
  }

  /// Each node's file (`-1`: none) and index among the file's bodies (`-1`: none).
  struct NodeFiles: Sendable {
    var fileCount: Int
    var file: [Int32]
    var body: [Int32]

    init(_ solved: SolvedGraph, fileCount: Int) {
      self.fileCount = fileCount
      let count = solved.graph.nodeCount
      (file, body) = ([Int32](repeating: -1, count: count), [Int32](repeating: -1, count: count))
      for index in 0..<fileCount {
        for (position, node) in solved.nodes(of: FileID(index)).bodies.enumerated() {
          (file[node.index], body[node.index]) = (Int32(index), Int32(position))
        }
      }
      // Only the nodes that are no body: their kind is read (a copy of its payload).
      solved.graph.nodes.withUnsafeBufferPointer { nodes in
        for node in 0..<count where file[node] < 0 {
          if let index = nodes[node].kind.file, index < fileCount { file[node] = Int32(index) }
        }
      }
    }
  }
}

extension RequirementGraph.NodeKind {
  /// The file (summary index) the node's code is in; `nil` for bags, overload sets, entry
  /// points, dependencies and the closures passed for a parameter.
  var file: Int? {
    switch self {
    case .function(let file, _), .topLevel(let file), .accessor(let file): file.index
    case .closure(let file, _): file?.index
    case .external, .entry, .bag, .overloadSet, .inheritedInitializer: nil
    }
  }
}
#endif
