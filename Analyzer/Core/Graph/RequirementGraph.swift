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
    /// Boxed: a call site is ~130 bytes and the other cases ~25, and every node of the graph
    /// (~100,000 at 5,000 files) had the call site's size, which the builder, the solve and
    /// the outputs walk and copy (`Node` 200 → 96 bytes).
    indirect case overloadSet(CallSite)
    /// An `init(_ scope:)` a subclass inherits (`SymbolTable+InheritedInitializers`): it
    /// reads the subclass's stored implicits and runs the superclass's.
    case inheritedInitializer
  }

  struct Edge: Hashable, Sendable {
    enum Source: Hashable, Sendable {
      case key(Int)
      case node(NodeID)

      var isKey: Bool {
        if case .key = self { return true }
        return false
      }
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
    /// A bag kept in stored property `property` (`Type.name`): passed here to `by`, a
    /// function that stores it there (`ThemeBadge(implicits: bag)`), or, with `by` `nil`,
    /// an `Implicits` parameter stored there (`self.implicits = implicits`).
    /// Boxed, as `closureCopy`: the rare cases with two or three strings made every edge
    /// (~230,000 at 5,000 files) 96 bytes, which the solve's seeds and dependents read.
    indirect case bagKept(property: String, by: String?)
    /// The closures of `from` (an alias, or a property as `ScopeClosureAliases` names it)
    /// copied here into `into`: assigned (`archive.onTap = feed.onTap`), or passed to `by`,
    /// a function that stores its parameter there (`share(feed.onTap)`).
    indirect case closureCopy(from: String, into: String, by: String?)
    case storedProperty
  }

  /// What a copied node is a copy of (`copies`).
  struct Copy: Hashable, Sendable {
    var original: NodeID
    var site: SourceLoc
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
  /// How many edges read a key directly (`Edge.Source.key`): the size of the solve's
  /// table of seeds, known before the edges are walked (`solve`).
  private(set) var keyEdgeCount = 0
  /// How many edges `addEdge` has added, removed ones included: whether a turn of the
  /// builder's per-file loop added edges only where it looked (`LoopRecord`).
  private(set) var addedEdgeCount = 0
  /// The dependencies' interfaces, for the steps inside them from a dependency's function
  /// node down to the read.
  var dependencyChains = DependencyChains()
  /// The nodes standing for every closure of a shape the module makes, with the shape's
  /// type as notes name it (`Handler`, `(_, ImplicitScope)`): a call reaches one through a
  /// value (`.closureValueCall`) or a stored property (`.call`).
  var closureValueTypes: [NodeID: String] = [:]
  /// A function's body node → the node standing for the closures passed for each of its
  /// scope-taking closure parameters that it calls (by parameter index).
  var scopeClosureSlots: [NodeID: [Int: NodeID]] = [:]
  /// Entry points standing for the root scope a dependency's function opens around the
  /// closure passed to it here (`withDependencies(_:_:)`) → that function, as notes name it.
  var dependencyScopes: [NodeID: String] = [:]
  /// Nodes copied for one call (a closure instance's path, a composed chain's layer) → the
  /// node copied and the call: a copy has its original's name and location, and only the
  /// call tells two copies apart (`StableNodeIDs`).
  var copies: [NodeID: Copy] = [:]
  var keyNames: [KeyName] = []
  private var keyNumbers = KeyNumbers()
  /// Filled by `solve()`, by node: `requirementStarts[node]..<requirementStarts[node + 1]`
  /// index the keys required there (sorted) and the edge that introduced each.
  private var requirementStarts: [Int32] = []
  private var requiredKeys: [Int32] = []
  private var requiredEdges: [Int32] = []
  /// Who depends on each node, as `solve()` indexed it: kept for the outputs, which print
  /// anew only the interface entries downstream of what an edit changed (`ReprintedEntries`).
  private(set) var dependents: SolveDependents?

  subscript(_ id: NodeID) -> Node { nodes[id.index] }

  /// Every node, in the order they were added.
  var ids: [NodeID] { nodes.indices.map(NodeID.init) }

  mutating func key(_ name: KeyName) -> Int {
    let hash = KeyNumbers.hash(name)
    if let id = keyNumbers.number(of: name, hash: hash, in: keyNames) { return id }
    keyNames.append(name)
    keyNumbers.add(keyNames.count - 1, hash: hash)
    return keyNames.count - 1
  }

  func keyID(_ name: KeyName) -> Int? { keyNumbers.number(of: name, hash: KeyNumbers.hash(name), in: keyNames) }

  /// Drops the growth space of the node list and of each node's edges once every node
  /// and edge is in: the graph lives until the outputs are written, and the node list
  /// alone, grown by doubling, was 13 % of the heap at the peak (massif, 1,000 files).
  mutating func trimCapacity() {
    for index in nodes.indices { nodes[index].edges = nodes[index].edges.withExactCapacity() }
    nodes = nodes.withExactCapacity()
  }

  /// Room for `count` nodes in all.
  mutating func reserveNodes(_ count: Int) {
    nodes.reserveCapacity(count)
  }

  /// `node` comes without edges: they enter through `addEdge`, which counts them.
  mutating func addNode(_ node: Node) -> NodeID {
    assert(node.edges.isEmpty, "edges enter through addEdge")
    nodes.append(node)
    return NodeID(nodes.count - 1)
  }

  /// Room for `count` more edges of `node`.
  mutating func reserveEdges(_ count: Int, of node: NodeID) {
    nodes[node.index].edges.reserveCapacity(nodes[node.index].edges.count + count)
  }

  /// The one way an edge enters the graph: what `source` requires, but `mask`, is
  /// required at `target`.
  mutating func addEdge(
    to target: NodeID, from source: Edge.Source, mask: [Int] = [], location: SourceLoc?, role: Role
  ) {
    if source.isKey { keyEdgeCount += 1 }
    addedEdgeCount += 1
    nodes[target.index].edges.append(Edge(source: source, mask: mask, location: location, role: role))
  }

  /// Takes out the edges of `node` that `predicate` picks (before `solve()`).
  mutating func removeEdges(of node: NodeID, where predicate: (Edge) -> Bool) {
    let before = nodes[node.index].edges.count(where: { $0.source.isKey })
    nodes[node.index].edges.removeAll(where: predicate)
    keyEdgeCount -= before - nodes[node.index].edges.count(where: { $0.source.isKey })
  }

  /// Makes `node` one whose requirements nobody provides; `unclassifiedCallee`: the
  /// callee a closure is passed to that the analyzer cannot see.
  mutating func detach(_ node: NodeID, unclassifiedCallee: String? = nil) {
    nodes[node.index].isDetached = true
    if let unclassifiedCallee { nodes[node.index].unclassifiedCallee = unclassifiedCallee }
  }

  /// After `solve()`: key → index of the edge of `node` that brought it in.
  func requirements(of node: NodeID) -> NodeRequirements {
    let range = Int(requirementStarts[node.index])..<Int(requirementStarts[node.index + 1])
    return NodeRequirements(keys: requiredKeys[range], edges: requiredEdges[range])
  }

  /// After `solve()`: the index of the edge of `node` that brought `key` in, if it is required.
  /// Searched in the flat tables themselves: `requirements(of:)` slices them, and each
  /// slice retains and releases both tables, which the interface's links, made on both
  /// cores, did once per step (~40 % of the links' CPU, in contention between the cores).
  func requirement(_ key: Int, of node: NodeID) -> Int? {
    let key = Int32(key)
    var (low, high) = (Int(requirementStarts[node.index]), Int(requirementStarts[node.index + 1]))
    let end = high
    while low < high {
      let middle = (low + high) / 2
      if requiredKeys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < end, requiredKeys[low] == key else { return nil }
    return Int(requiredEdges[low])
  }

  /// After `solve()`: every node's rows as one value, what a patched solve keeps of the last
  /// one (`RequirementGraph+Patch`).
  var solution: Solution {
    Solution(starts: requirementStarts, keys: requiredKeys, edges: requiredEdges)
  }

  /// Takes `solution` as this graph's solve and `dependents` as who depends on each node:
  /// both must be this graph's, as `solve()` would make them (`RequirementGraph+Patch`,
  /// `Renumbering`).
  mutating func adopt(_ solution: Solution, dependents: SolveDependents) {
    precondition(solution.starts.count == nodes.count + 1, "a row range per node")
    (requirementStarts, requiredKeys, requiredEdges) = (solution.starts, solution.keys, solution.edges)
    self.dependents = dependents
  }

  /// One edge, without copying its node.
  func edge(_ index: Int, of node: NodeID) -> Edge { nodes[node.index].edges[index] }

  /// Requirement names of a node, sorted.
  func requirementNames(of node: NodeID) -> [KeyName] {
    requirements(of: node).keys.map { keyNames[$0] }.sorted()
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
    requirements(of: node).keys.sorted { ranks[$0] < ranks[$1] }
  }

  /// `requirementNames(of:)` sorted through `ranks` (`keyRanks`) instead of comparing
  /// strings: for callers that ask for many nodes (the support file's 10,000 bags).
  func requirementNames(of node: NodeID, ranks: [Int]) -> [KeyName] {
    requirementKeys(of: node, ranks: ranks).map { keyNames[$0] }
  }

  var nodeCount: Int { nodes.count }

  /// How the solve tells which (node, key) pairs are in (`solve(method:)`).
  enum SolveMethod: Sendable {
    case words, bits, table
  }

  /// Fixed point over recursion: keys flow along edges until nothing changes. Each key
  /// crosses each edge at most once, so this is O(edges × keys per node).
  ///
  /// Which edge a requirement is recorded through decides the notes and the interface's
  /// links, so the order of the work is fixed: nodes and their edges in the order they
  /// were added, then a last-in-first-out worklist of the nodes that gained keys.
  ///
  /// - Parameters:
  ///   - dependentsOnWorker: who depends on each node (`SolveDependents`) is indexed on a
  ///     libdispatch worker while this thread inserts the seeds (the keys read directly);
  ///     the two read the same edges and write nothing shared, and the worklist starts
  ///     once both are done, so the order, and every recorded edge, is the same.
  ///   - method: a word of keys at a time (`RequirementGraph+WordSolve`), or key by key with
  ///     `RequirementTable`'s bits or its table; `nil` decides by size (the tests run each).
  mutating func solve(dependentsOnWorker: Bool = false, method: SolveMethod? = nil) {
    let count = nodes.count
    let indexing = OnWorker(if: dependentsOnWorker) { [nodes] in SolveDependents(of: nodes) }
    if method == .words || (method == nil && Self.usesWords(nodeCount: count, keyCount: keyNames.count)) {
      let solved = Self.solveByWords(nodes, keyCount: keyNames.count) { indexing.value() }
      (requirementStarts, requiredKeys, requiredEdges) = (solved.starts, solved.keys, solved.edges)
      dependents = solved.dependents
      return
    }
    let usesBits: Bool? = switch method {
    case .bits: true
    case .table: false
    default: nil
    }
    var required = RequirementTable(
      nodeCount: count, keyCount: keyNames.count, expected: keyEdgeCount * 2, usesBits: usesBits)
    // The keys each node gained and has not passed on yet: one list per node, linked through
    // flat arrays (a key joins a node's list once, when it is first required there).
    var pendingHead = [Int32](repeating: -1, count: count)
    var pendingNext: [Int32] = []
    var pendingKey: [Int32] = []
    func addPending(_ key: Int, to node: Int) {
      pendingNext.append(pendingHead[node])
      pendingKey.append(Int32(key))
      pendingHead[node] = Int32(pendingKey.count - 1)
    }
    var queue: [Int] = []
    var queued = [Bool](repeating: false, count: count)
    for index in 0..<count {
      for edgeIndex in nodes[index].edges.indices {
        guard case .key(let key) = nodes[index].edges[edgeIndex].source,
          !nodes[index].edges[edgeIndex].hides(key), required.insert(node: index, key: key, edge: edgeIndex)
        else { continue }
        addPending(key, to: index)
      }
      if pendingHead[index] >= 0 {
        queue.append(index)
        queued[index] = true
      }
    }
    let dependents = indexing.value()
    var delta: [Int] = []
    while let node = queue.popLast() {
      queued[node] = false
      // Which key of the delta crosses an edge first does not matter: each crosses it once.
      delta.removeAll(keepingCapacity: true)
      var entry = pendingHead[node]
      pendingHead[node] = -1
      while entry >= 0 {
        delta.append(Int(pendingKey[Int(entry)]))
        entry = pendingNext[Int(entry)]
      }
      for position in Int(dependents.starts[node])..<Int(dependents.starts[node + 1]) {
        let (dependent, edgeIndex) = (Int(dependents.nodes[position]), Int(dependents.edges[position]))
        if dependents.masked[position] {
          let mask = nodes[dependent].edges[edgeIndex].mask
          let hidesEverything = mask.first == -1
          for key in delta where !hidesEverything && !mask.contains(key) {
            if required.insert(node: dependent, key: key, edge: edgeIndex) { addPending(key, to: dependent) }
          }
        } else {
          for key in delta where required.insert(node: dependent, key: key, edge: edgeIndex) { addPending(key, to: dependent) }
        }
        if pendingHead[dependent] >= 0, !queued[dependent] {
          queued[dependent] = true
          queue.append(dependent)
        }
      }
    }
    (requirementStarts, requiredKeys, requiredEdges) = required.grouped(nodeCount: count, keyCount: keyNames.count)
    self.dependents = dependents
  }
}
#endif
