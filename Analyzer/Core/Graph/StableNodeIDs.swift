#if ImplicitsAnalysis
/// A graph node's name that survives an edit to another file (design step 2 of the
/// change-driven graph, `Benchmarks/Analyzer/README.md`). A `NodeID` is a position in one
/// run's node list: a function inserted in an earlier file moves every later node, so the
/// last run's graph cannot be joined to this run's by `NodeID`.
///
/// - A file's body node, entry point or bag site is its file's path and its index among
///   that file's `FileNodes` (`bodies`, `entries`, `bags`): made from the file's summary
///   alone, in the file's order (an entry point added while edges are made, for a
///   dependency's root scope or an empty bag, is appended to its own file's list).
/// - Every other node (a dependency's function, a closure-parameter slot, a bag parameter
///   or stored bag, a closure value, an overload set, a copy made for one call) has a
///   module-level name made of what it is: its kind, name and location (path, line,
///   column); a slot by its function's id and parameter; a copy by its original's id and
///   the call it was made for. Two nodes with the same such name are told apart by their
///   order among themselves (` #2`): both are then alike in kind, name and place.
enum StableNodeID: Hashable, Sendable, CustomStringConvertible {
  enum Part: UInt8, Sendable {
    case body, entry, bag
  }

  case file(path: String, part: Part, index: Int)
  case module(String)

  var description: String {
    switch self {
    case .file(let path, let part, let index): "\(path):\(part)\(index)"
    case .module(let name): name
    }
  }
}

/// This run's `NodeID` → `StableNodeID`, and back.
struct StableNodeIDs: Sendable {
  /// How ids are made. `globalIndex` is what a `NodeID` is, kept so that a test can show
  /// the oracle (`GraphOracle`) fails it: never used by a run.
  enum Scheme: Sendable {
    case stable, globalIndex
  }

  private(set) var ids: [StableNodeID] = []

  init(_ solved: SolvedGraph, paths: [String], scheme: Scheme = .stable) {
    let graph = solved.graph
    guard scheme == .stable else {
      ids = graph.ids.map { .module("#\($0.index)") }
      return
    }
    var made = [StableNodeID?](repeating: nil, count: graph.nodeCount)
    for file in solved.files {
      let nodes = solved.nodes(of: file)
      let path = paths[file.index]
      for (index, node) in nodes.bodies.enumerated() { made[node.index] = .file(path: path, part: .body, index: index) }
      for (index, node) in nodes.entries.enumerated() { made[node.index] = .file(path: path, part: .entry, index: index) }
      for (index, node) in nodes.bags.enumerated() { made[node.index] = .file(path: path, part: .bag, index: index) }
    }
    var slots: [NodeID: (function: NodeID, parameter: Int)] = [:]
    for (function, byParameter) in graph.scopeClosureSlots {
      for (parameter, slot) in byParameter { slots[slot] = (function, parameter) }
    }
    var seen: [String: Int] = [:]
    func place(_ location: SourceLoc?) -> String {
      guard let location else { return "-" }
      let path = paths.indices.contains(Int(location.file)) ? paths[Int(location.file)] : "?"
      return "\(path):\(location.line):\(location.column)"
    }
    // In node order; a name that mentions another node names it first (a slot's function
    // and a copy's original were made before them, so this recursion is shallow).
    func id(_ node: NodeID) -> StableNodeID {
      if let known = made[node.index] { return known }
      let name: String
      if let slot = slots[node] {
        name = "slot \(slot.parameter) of \(id(slot.function))"
      } else if let copy = graph.copies[node] {
        name = "copy of \(id(copy.original)) for \(place(copy.site))"
      } else {
        name = "\(Self.kind(graph[node].kind)) '\(graph[node].name)' at \(place(graph[node].location))"
      }
      let occurrence = seen[name, default: 0]
      seen[name] = occurrence + 1
      let stable = StableNodeID.module(occurrence == 0 ? name : "\(name) #\(occurrence + 1)")
      made[node.index] = stable
      return stable
    }
    for node in graph.ids { _ = id(node) }
    ids = made.map { $0! }
  }

  subscript(_ node: NodeID) -> StableNodeID { ids[node.index] }

  /// The way back: this run's node of each id.
  var nodes: [StableNodeID: NodeID] {
    var nodes: [StableNodeID: NodeID] = [:]
    nodes.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { nodes[id] = NodeID(index) }
    return nodes
  }

  private static func kind(_ kind: RequirementGraph.NodeKind) -> String {
    switch kind {
    case .function: "function"
    case .closure: "closure"
    case .topLevel: "top level"
    case .accessor: "accessor"
    case .external(let module): "external \(module)"
    case .entry: "entry"
    case .bag(let site): "bag \(site)"
    case .overloadSet: "overload set"
    }
  }
}
#endif
