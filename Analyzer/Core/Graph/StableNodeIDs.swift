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

    /// The case's name, as `"\(part)"` would print it by reflection (a few thousand
    /// instructions, once per module-level node that names a file's node).
    var name: String {
      switch self {
      case .body: "body"
      case .entry: "entry"
      case .bag: "bag"
      }
    }
  }

  case file(path: String, part: Part, index: Int)
  case module(String)

  var description: String {
    switch self {
    case .file(let path, let part, let index): path + ":" + part.name + String(index)
    case .module(let name): name
    }
  }
}

/// This run's `NodeID` → `StableNodeID`, and back. Kept as three numbers per node (its
/// file, part and index, or its index among the module-level names), not as 110,000
/// `StableNodeID`s holding a path each: the graph file's writer needs only the numbers.
struct StableNodeIDs: Sendable {
  /// How ids are made. `globalIndex` is what a `NodeID` is, kept so that a test can show
  /// the oracle (`GraphOracle`) fails it: never used by a run.
  enum Scheme: Sendable {
    case stable, globalIndex
  }

  /// `part` of a module-level node: `index` is then its place in `moduleNames`.
  static let modulePart: UInt8 = 3

  let paths: [String]
  /// Per node: its file (this run's index; -1 for a module-level node), its part
  /// (`StableNodeID.Part`'s raw value, or `modulePart`) and its index there.
  private(set) var files: [Int32] = []
  private(set) var parts: [UInt8] = []
  private(set) var indices: [Int32] = []
  private(set) var moduleNames: [String] = []

  init(_ solved: SolvedGraph, paths: [String], scheme: Scheme = .stable) {
    self.paths = paths
    let graph = solved.graph
    let count = graph.nodeCount
    files = [Int32](repeating: -1, count: count)
    parts = [UInt8](repeating: Self.modulePart, count: count)
    indices = [Int32](repeating: -1, count: count)
    guard scheme == .stable else {
      moduleNames = (0..<count).map { "#\($0)" }
      indices = (0..<count).map(Int32.init)
      return
    }
    for file in solved.files {
      let nodes = solved.nodes(of: file)
      for (part, list) in [(StableNodeID.Part.body, nodes.bodies), (.entry, nodes.entries), (.bag, nodes.bags)] {
        for (index, node) in list.enumerated() {
          (files[node.index], parts[node.index], indices[node.index]) = (file.raw, part.rawValue, Int32(index))
        }
      }
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
    func moduleName(_ node: NodeID) -> String {
      if indices[node.index] >= 0 { return describe(node) }
      let name: String
      if let slot = slots[node] {
        name = "slot \(slot.parameter) of \(moduleName(slot.function))"
      } else if let copy = graph.copies[node] {
        name = "copy of \(moduleName(copy.original)) for \(place(copy.site))"
      } else {
        name = "\(Self.kind(graph[node].kind)) '\(graph[node].name)' at \(place(graph[node].location))"
      }
      let occurrence = seen[name, default: 0]
      seen[name] = occurrence + 1
      indices[node.index] = Int32(moduleNames.count)
      moduleNames.append(occurrence == 0 ? name : "\(name) #\(occurrence + 1)")
      return moduleNames[moduleNames.count - 1]
    }
    for node in 0..<count where indices[node] < 0 { _ = moduleName(NodeID(node)) }
  }

  subscript(_ node: NodeID) -> StableNodeID {
    let index = Int(indices[node.index])
    guard let part = StableNodeID.Part(rawValue: parts[node.index]) else { return .module(moduleNames[index]) }
    return .file(path: paths[Int(files[node.index])], part: part, index: index)
  }

  private func describe(_ node: NodeID) -> String { self[node].description }

  /// Every node's id, by `NodeID` (tests).
  var ids: [StableNodeID] { (0..<files.count).map { self[NodeID($0)] } }

  /// The way back: this run's node of each id.
  var nodes: [StableNodeID: NodeID] {
    var nodes: [StableNodeID: NodeID] = [:]
    nodes.reserveCapacity(files.count)
    for index in files.indices { nodes[self[NodeID(index)]] = NodeID(index) }
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
    case .inheritedInitializer: "inherited initializer"
    }
  }
}
#endif
