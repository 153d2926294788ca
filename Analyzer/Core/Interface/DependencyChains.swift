#if ImplicitsAnalysis
/// The dependencies' interfaces as far as notes need them: for a dependency's function and
/// a key it requires, the steps inside that module (and the modules below it) down to the
/// read, rebuilt from each function's `links` on demand — only errors and `explain` ask,
/// so nothing is rebuilt for the thousands of functions that no error passes through.
struct DependencyChains: Sendable {
  /// A function of a dependency's interface.
  struct Function: Hashable, Sendable {
    var module: String
    var index: Int
  }

  /// One call or read in a dependency's source, as a dependant's note names it.
  struct Step: Equatable, Sendable {
    /// The function whose body holds this step (`FeedService.load()`).
    var function: String
    /// The function called here; `nil` for the read itself.
    var calls: String?
    /// The source file as the declaring module's analyzer was given it.
    var file: String
    var line: Int
    var column: Int
    /// The step is inside a closure written in `function`.
    var inClosure = false
    /// The step calls closure values of this type (`handler(request, scope)`); `calls` is
    /// then what one of those closures calls.
    var closureType: String?
  }

  private var interfaces: [String: ModuleInterface] = [:]
  /// The graph's node for each dependency function it has one for.
  private var nodes: [NodeID: Function] = [:]

  mutating func add(_ interface: ModuleInterface) { interfaces[interface.module] = interface }

  mutating func record(_ node: NodeID, module: String, index: Int) {
    nodes[node] = Function(module: module, index: index)
  }

  /// The same chains, each node `id` recorded as `newID(id)` (`Renumbering`).
  func renumbered(_ newID: (NodeID) -> NodeID) -> DependencyChains {
    var chains = self
    chains.nodes = Dictionary(uniqueKeysWithValues: nodes.map { (newID($0.key), $0.value) })
    return chains
  }

  /// The dependency function `node` stands for; `nil` for this module's nodes.
  func function(of node: NodeID) -> Function? { nodes[node] }

  /// The interface entry of a dependency's function node.
  func entry(of node: NodeID) -> ModuleInterface.Function? {
    guard let function = nodes[node], let interface = interfaces[function.module],
      interface.functions.indices.contains(function.index)
    else { return nil }
    return interface.functions[function.index]
  }

  /// The steps `key` (as this module names it) takes from the dependency function `node`
  /// down to its read; empty when no interface on the way records them. Stops where a
  /// link leads into a module whose interface was not given.
  func steps(of key: KeyName, from node: NodeID) -> [Step] {
    guard var current = nodes[node] else { return [] }
    var steps: [Step] = []
    var visited: Set<Function> = []
    while visited.insert(current).inserted, let interface = interfaces[current.module],
      interface.functions.indices.contains(current.index)
    {
      let function = interface.functions[current.index]
      let position = function.requires.firstIndex { KeyResolver.qualify($0, fromInterfaceOf: current.module) == key }
      guard let position else { break }
      // Checked when the interface was read: a token per key.
      guard let text = function.links, let file = function.file, let links = try? RequirementLink.parse(text),
        let link = links[position]
      else { break }
      let path = interface.files?[link.file ?? file] ?? ""
      // The step may be in another body than the function's (a bag it captured, restored there).
      let body = function.stepFunctions.flatMap { $0.indices.contains(position) ? $0[position] : nil }
      var step = Step(
        function: body.flatMap { $0.isEmpty ? nil : $0 } ?? Self.name(of: function), file: path,
        line: link.line, column: link.column, inClosure: link.inClosure,
        closureType: link.closureType.map { interface.closureTypes![$0] })
      guard let callee = link.callee else {
        steps.append(step)
        break
      }
      let next: Function
      switch callee {
      case .local(let index): next = Function(module: current.module, index: index)
      case .external(let module, let index): next = Function(module: module, index: index)
      }
      guard let calleeInterface = interfaces[next.module], calleeInterface.functions.indices.contains(next.index) else {
        break
      }
      // An initializer with its type, as the notes of this module name one.
      let called = calleeInterface.functions[next.index]
      // Through a closure value, the closure's callee with its type: the step's function does not call it.
      step.calls = called.name.hasPrefix("init(") || step.closureType != nil ? Self.name(of: called) : called.name
      steps.append(step)
      current = next
    }
    return steps
  }

  /// `Type.name(_:)` as the declaring module's notes spell a function.
  private static func name(of function: ModuleInterface.Function) -> String {
    (function.type.map { $0 + "." } ?? "") + function.name
  }
}
#endif
