#if ImplicitsAnalysis
/// The module's provides/requires graph after call resolution: every body, entry point,
/// bag and dependency function is a node; an edge says "what the source requires, minus
/// the mask, is required here".
struct RequirementGraph: Sendable {
  enum NodeKind: Hashable, Sendable {
    case function(file: FileID, index: Int)
    /// `file` is `nil` for the node standing for the closures passed for a parameter.
    case closure(file: FileID?, scopeParameter: String?)
    case topLevel(file: FileID)
    case accessor(file: FileID)
    case external(module: String)
    case entry(restoresEmptyBag: Bool)
    case bag(site: String)
    case overloadSet(CallSite)
  }

  struct Edge: Hashable, Sendable {
    enum Source: Hashable, Sendable {
      case key(Int)
      case node(NodeID)
    }
    var source: Source
    var mask: [Int]
    var location: SourceLoc?
    /// What the step is in the user's source, for notes (`GraphDiagnoser.note(for:keys:)`).
    var role: Role

    /// The mask of an edge under a declaration whose key is unknown (`KeyName.uninferable`).
    static let hidesEverything = [-1]

    /// Whether `key` does not cross this edge.
    func hides(_ key: Int) -> Bool { mask.contains(key) || mask.first == -1 }
  }

  enum Role: Hashable, Sendable {
    case read
    /// A call of a function of the module or a dependency, by its signature.
    case call(String)
    /// A closure literal (written here) that runs on this path.
    case closure
    /// `body(scope)` where `body` is a parameter: the closures passed for it run.
    case closureParameterCall
    /// `handler(request, scope)` through a value: any closure of that type the module
    /// stores may run (`type`: its alias, or its parameters with the scope spelled out).
    case closureValueCall(type: String)
    /// A bag captured here (`#implicits`, `Implicits.captureAll()`, a closure wrapper).
    case bagCapture
    /// A bag passed here to a function that restores it.
    case bagRestoredBy(String)
    /// A bag captured here into a stored property (`self.implicits = #implicits`).
    case bagStored(property: String)
    case storedProperty
  }

  struct Node: Sendable {
    var kind: NodeKind
    var name: String
    var location: SourceLoc?
    var edges: [Edge] = []
    /// A node whose requirements nobody can provide (function without a scope parameter,
    /// escaping closure): every requirement is reported where it arises.
    var isDetached = false
    /// A detached closure passed to this callee, which the analyzer cannot see: it may run
    /// in place or later.
    var unclassifiedCallee: String?
  }

  private(set) var nodes: [Node] = []
  /// The dependencies' interfaces, for the steps inside them from a dependency's function
  /// node down to the read.
  var dependencyChains = DependencyChains()
  var keyNames: [KeyName] = []
  private var keyIDs: [KeyName: Int] = [:]
  /// Filled by `solve()`: node → key → index of the edge that introduced it.
  private var requirements: [[Int: Int]] = []

  subscript(_ id: NodeID) -> Node { nodes[id.index] }

  /// Every node, in the order they were added.
  var ids: [NodeID] { nodes.indices.map(NodeID.init) }

  mutating func key(_ name: KeyName) -> Int {
    if let id = keyIDs[name] { return id }
    keyNames.append(name)
    keyIDs[name] = keyNames.count - 1
    return keyNames.count - 1
  }

  func keyID(_ name: KeyName) -> Int? { keyIDs[name] }

  /// Drops the growth space of the node list and of each node's edges once every node
  /// and edge is in: the graph lives until the outputs are written, and the node list
  /// alone, grown by doubling, was 13 % of the heap at the peak (massif, 1,000 files).
  mutating func trimCapacity() {
    for index in nodes.indices { nodes[index].edges = nodes[index].edges.withExactCapacity() }
    nodes = nodes.withExactCapacity()
  }

  mutating func addNode(_ node: Node) -> NodeID {
    nodes.append(node)
    return NodeID(nodes.count - 1)
  }

  /// The one way an edge enters the graph: what `source` requires, but `mask`, is
  /// required at `target`.
  mutating func addEdge(
    to target: NodeID, from source: Edge.Source, mask: [Int] = [], location: SourceLoc?, role: Role
  ) {
    nodes[target.index].edges.append(Edge(source: source, mask: mask, location: location, role: role))
  }

  /// Makes `node` one whose requirements nobody provides; `unclassifiedCallee`: the
  /// callee a closure is passed to that the analyzer cannot see.
  mutating func detach(_ node: NodeID, unclassifiedCallee: String? = nil) {
    nodes[node.index].isDetached = true
    if let unclassifiedCallee { nodes[node.index].unclassifiedCallee = unclassifiedCallee }
  }

  /// After `solve()`: key → index of the edge of `node` that brought it in.
  func requirements(of node: NodeID) -> [Int: Int] { requirements[node.index] }

  /// After `solve()`: the index of the edge of `node` that brought `key` in, if it is required.
  func requirement(_ key: Int, of node: NodeID) -> Int? { requirements[node.index][key] }

  /// One edge, without copying its node.
  func edge(_ index: Int, of node: NodeID) -> Edge { nodes[node.index].edges[index] }

  /// Requirement names of a node, sorted.
  func requirementNames(of node: NodeID) -> [KeyName] {
    requirements[node.index].keys.map { keyNames[$0] }.sorted()
  }

  /// Each key id's position among the key names sorted: comparing two of those is
  /// comparing the names, without reading a string (`requirementKeys(of:ranks:)`).
  var keyRanks: [Int] {
    var ranks = [Int](repeating: 0, count: keyNames.count)
    for (rank, id) in keyNames.indices.sorted(by: { keyNames[$0] < keyNames[$1] }).enumerated() { ranks[id] = rank }
    return ranks
  }

  /// Requirements of a node as key ids, sorted by name (as `requirementNames`); `ranks`
  /// is `keyRanks`.
  func requirementKeys(of node: NodeID, ranks: [Int]) -> [Int] {
    requirements[node.index].keys.sorted { ranks[$0] < ranks[$1] }
  }

  var nodeCount: Int { nodes.count }

  /// Fixed point over recursion: keys flow along edges until nothing changes. Each key
  /// crosses each edge at most once, so this is O(edges × keys per node).
  mutating func solve() {
    var dependents = [[(node: Int, edge: Int)]](repeating: [], count: nodes.count)
    var required = [[Int: Int]](repeating: [:], count: nodes.count)
    var pending = [[Int]](repeating: [], count: nodes.count)
    var queue: [Int] = []
    var queued = [Bool](repeating: false, count: nodes.count)
    for (index, node) in nodes.enumerated() {
      for (edgeIndex, edge) in node.edges.enumerated() {
        switch edge.source {
        case .node(let source):
          dependents[source.index].append((index, edgeIndex))
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
        let edge = nodes[dependent].edges[edgeIndex]
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
    requirements = required
  }
}
#endif
