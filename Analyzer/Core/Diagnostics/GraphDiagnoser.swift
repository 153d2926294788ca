#if ImplicitsAnalysis
/// Pass 5: reads the solved graph and reports every requirement nobody can meet.
struct GraphDiagnoser {
  let solved: SolvedGraph
  let files: [FileSummary]
  /// Keys with a default (this module's and its dependencies'): never unmet.
  let defaultedKeys: Set<KeyName>
  private(set) var diagnostics: [Diagnostic] = []

  init(solved: SolvedGraph, files: [FileSummary], defaultedKeys: Set<KeyName> = []) {
    self.solved = solved
    self.files = files
    self.defaultedKeys = defaultedKeys
  }

  /// The requirements of `node` that nobody provides: all but the defaulted ones.
  private func unmet(_ node: NodeID) -> [KeyName] {
    graph.requirementNames(of: node).filter { !defaultedKeys.contains($0) }
  }

  var graph: RequirementGraph { solved.graph }

  mutating func run() {
    for file in solved.files {
      // Past the file's own entries: a call that hands a function the empty bag.
      let entries = files[file.index].entries
      for (index, entry) in solved.nodes(of: file).entries.enumerated() {
        diagnoseEntry(entry, entries.indices.contains(index) ? entries[index].conditionalKeys : [:])
      }
    }
    for node in graph.ids where graph[node].isDetached { diagnoseDetached(node) }
    for set in solved.overloadSets { diagnoseOverloads(set) }
    for file in solved.files {
      let sites = files[file.index].bagSites
      // `Implicits.captureAll()` has uses besides restoring (`bag.keys`), and nothing is
      // generated for it: only an unrestored `#implicits` is a mistake.
      for (site, node) in solved.nodes(of: file).bags.enumerated()
      where !solved.restoredBags.contains(node) && sites[site].capture == .macro {
        diagnostics.append(.error(
          .bagUnused, "bag captured with '#implicits' is never restored; restore it with 'ImplicitScope(with: \(sites[site].name ?? "bag"))' or remove it",
          at: sites[site].location))
      }
    }
    diagnoseNamedKeys()
  }

  /// Keys of `node` grouped by the edge that introduced them, in edge order.
  func witnesses(of node: NodeID) -> [(edge: RequirementGraph.Edge, keys: [KeyName])] {
    var byEdge: [Int: [KeyName]] = [:]
    for (key, edge) in graph.requirements(of: node) where !defaultedKeys.contains(graph.keyNames[key]) {
      byEdge[edge, default: []].append(graph.keyNames[key])
    }
    return byEdge.keys.sorted().map { (graph[node].edges[$0], byEdge[$0]!.sorted()) }
  }

  /// Every edge of `node` that brings in some of its requirements (not only the first),
  /// so that each path to an unmet requirement gets its note.
  func contributors(of node: NodeID) -> [(edge: RequirementGraph.Edge, keys: [KeyName])] {
    let required = graph.requirements(of: node)
    return graph[node].edges.compactMap { edge in
      var keys: [KeyName]
      switch edge.source {
      case .key(let key): keys = required[key] != nil ? [graph.keyNames[key]] : []
      case .node(let source):
        keys = graph.requirements(of: source).keys.filter { required[$0] != nil && !edge.hides($0) }
          .map { graph.keyNames[$0] }
      }
      keys.removeAll(where: defaultedKeys.contains)
      return keys.isEmpty ? nil : (edge, keys.sorted())
    }
  }

  /// A sentence about the source the user wrote at the edge's location: what is there
  /// (a read, a call, a closure, a bag) and why it needs `keys`.
  /// - Parameter node: the node the edge leaves, where known: an inherited initializer's
  ///   call of its superclass's is at the subclass's declaration, which calls nothing.
  func note(for edge: RequirementGraph.Edge, keys: [KeyName], from node: NodeID? = nil) -> String {
    let subject = keys.listed
    let verb = keys.count == 1 ? "is" : "are"
    switch edge.role {
    case .call(let name) where node.map({ graph[$0].kind == .inheritedInitializer }) == true:
      return "\(subject) \(verb) required by '\(name)', which this class inherits"
    case .read: return "\(subject) \(verb) read here"
    case .storedProperty: return "\(subject) \(verb) read by this stored property when 'init(_ scope:)' runs"
    case .call(let name): return "\(subject) \(verb) required by the call to '\(name)' here"
    case .closure: return "\(subject) \(verb) \(Self.requiredByClosure)"
    case .closureParameterCall:
      return "\(subject) \(verb) required by the closures passed for this parameter, which is called here"
    case .closureValueCall(let type) where type.hasPrefix("("):
      return "\(subject) \(verb) required by the closures this call may run (every '\(type)' closure the module stores or passes on)"
    case .closureValueCall(let type):
      if let property = ScopeClosureAliases.storedProperty(type) {
        return "\(subject) \(verb) required by the closures stored in '\(property)' that this call may run"
      }
      return "\(subject) \(verb) required by the '\(type)' closures this call may run"
    case .bagRestoredBy(let function):
      return "\(subject) \(verb) required by '\(function)', which restores the bag passed here"
    case .bagStored(let property):
      return "\(subject) \(verb) captured here into '\(property)', and required where that bag is restored"
    case .closureCopy(let from, let into, let function):
      let closures = ScopeClosureAliases.storedProperty(from).map { "the closures stored in '\($0)'" } ?? "the '\(from)' closures"
      let target = ScopeClosureAliases.storedProperty(into).map { "'\($0)'" } ?? "the '\(into)' closures"
      guard let function else { return "\(subject) \(verb) required by \(closures), copied here into \(target)" }
      return "\(subject) \(verb) required by \(closures), passed here to '\(function)', which stores them into \(target)"
    case .bagKept(let property, let function?):
      return "\(subject) \(verb) required where '\(property)' is restored: '\(function)' keeps the bag passed here in it"
    case .bagKept(let property, nil):
      return "\(subject) \(verb) required where '\(property)' is restored, which keeps the bag stored here"
    case .bagCapture:
      // A bag site's node is named by how the bag is captured (`BagCapture.spelling`),
      // or, for a named closure wrapper, by the wrapper's name.
      guard case .node(let bag) = edge.source else { return "\(subject) \(verb) captured by the bag here" }
      let name = graph[bag].name
      if name == BagCapture.macro.spelling || name == BagCapture.all.spelling {
        return "\(subject) \(verb) captured by the '\(name)' bag here"
      }
      return "\(subject) \(verb) captured by the closure wrapper '\(name)' here"
    }
  }

  private mutating func diagnoseEntry(_ entry: NodeID, _ conditional: [KeyName: ConditionalDeclaration]) {
    let keys = unmet(entry)
    guard !keys.isEmpty, let location = graph[entry].location else { return }
    var notes: [Diagnostic.Note] = []
    for key in keys {
      guard let declaration = conditional[key] else { continue }
      notes.append(.init(location: declaration.location, message:
        "\(key.quoted) is declared here only when \(declaration.condition); the analyzer does not know whether it does, so the code must be correct either way"))
    }
    for (edge, keys) in contributors(of: entry) {
      if let location = edge.location { notes.append(.init(location: location, message: note(for: edge, keys: keys))) }
      for note in chainNotes(from: entry, edge, keys: keys) where !notes.contains(note) { notes.append(note) }
      for note in dependencyNotes(from: entry, edge, keys: keys) where !notes.contains(note) { notes.append(note) }
      // A closure parameter called here: point at the closures passed for it too.
      guard case .node(let source) = edge.source, edge.role == .closureParameterCall else { continue }
      for (inner, innerKeys) in contributors(of: source) {
        let shared = innerKeys.filter(keys.contains)
        guard let location = inner.location, !shared.isEmpty else { continue }
        let note = Diagnostic.Note(location: location, message: note(for: inner, keys: shared))
        if !notes.contains(note) { notes.append(note) }
      }
    }
    var kind = Diagnostic.UnresolvedKeys.Entry.rootScope
    if let function = graph.dependencyScopes[entry] {
      kind = .dependencyScope(function)
    } else if case .entry(restoresEmptyBag: true) = graph[entry].kind {
      kind = .emptyBag
    }
    let unresolved = Diagnostic.UnresolvedKeys(keys: keys, entry: kind)
    var diagnostic = Diagnostic.error(.unresolvedImplicit, unresolved.message, at: location, notes: Self.collapsingClosureRuns(notes))
    diagnostic.unresolved = unresolved
    diagnostics.append(diagnostic)
  }

  /// The unresolved-implicit error's message, made from its keys alone (the errors of
  /// several build configurations at one place are merged into one with every key).
  static func message(unresolved: Diagnostic.UnresolvedKeys) -> String {
    let keys = unresolved.keys
    let one = keys.count == 1
    let declare = "declare \(one ? "it" : "them") in this scope (e.g. '\(keys[0].declarationExample)') before \(one ? "it is" : "they are") needed"
    switch unresolved.entry {
    case .rootScope:
      return "unresolved implicit\(one ? "" : "s") \(keys.listed) at this entry point; \(declare)"
    case .emptyBag:
      return "unresolved implicit\(one ? "" : "s") \(keys.listed) in a scope restored from an empty bag ('Implicits()' holds no values and hides the values around it); \(declare), or restore a bag captured with '#implicits'"
    case .dependencyScope(let function):
      return "unresolved implicit\(one ? "" : "s") \(keys.listed) in the scope that '\(function)' opens for the closure passed here; declare \(one ? "it" : "them") in that function before it calls the closure, or in the closure (e.g. '\(keys[0].declarationExample)' in a nested scope) before \(one ? "it is" : "they are") needed"
    }
  }

  private static let requiredByClosure = "required by the closure created here"

  /// Closures nested on one line (`VStack { HStack { Button { … } } }`, `run { run { … } }`)
  /// would each get the same note: a run of them, one inside the next, becomes one note at
  /// the outermost that counts them.
  static func collapsingClosureRuns(_ notes: [Diagnostic.Note]) -> [Diagnostic.Note] {
    var result: [Diagnostic.Note] = []
    var run = 1
    func finishRun() {
      guard run > 1, let last = result.popLast() else { return }
      let subject = last.message.dropLast(requiredByClosure.count)
      result.append(.init(location: last.location, message: subject + "required by the \(run) nested closures created on this line"))
    }
    for note in notes {
      if let last = result.last, note.message.hasSuffix(requiredByClosure), note.message == last.message,
        note.location.file == last.location.file, note.location.line == last.location.line
      {
        run += 1
        continue
      }
      finishRun()
      run = 1
      result.append(note)
    }
    finishRun()
    return result
  }

  /// For keys `edge` of `node` brings in through this module's functions: a note at each step
  /// past `edge` down to the read (or to the call into another module), so the reader need not
  /// open every function on the way to find where the value is wanted. Keys that take the same
  /// step share its note. As long as the path: `path(of:from:)` visits each node once.
  private func chainNotes(from node: NodeID, _ edge: RequirementGraph.Edge, keys: [KeyName]) -> [Diagnostic.Note] {
    guard case .node(let source) = edge.source else { return [] }
    var order: [SourceLoc] = []
    var stepAt: [SourceLoc: (edge: RequirementGraph.Edge, node: NodeID, keys: [KeyName])] = [:]
    for key in keys {
      for step in graph.path(of: key, from: source) {
        guard let location = step.edge.location else { continue }
        if stepAt[location] == nil { order.append(location) }
        // A bag and the closure it is captured for share a location: one key, one mention.
        if stepAt[location]?.keys.contains(key) != true {
          stepAt[location, default: (step.edge, step.node, [])].keys.append(key)
        }
      }
    }
    return order.map { location in
      let step = stepAt[location]!
      return Diagnostic.Note(location: location, message: note(for: step.edge, keys: step.keys, from: step.node))
    }
  }

  /// For keys `edge` of `node` brings in from a dependency's function: notes at the call into that
  /// module, one per step its interface (and those below it) records down to the read.
  private func dependencyNotes(from node: NodeID, _ edge: RequirementGraph.Edge, keys: [KeyName]) -> [Diagnostic.Note] {
    var notes: [Diagnostic.Note] = []
    for key in keys {
      var path: [(node: NodeID, edge: RequirementGraph.Edge)] = []
      if case .node(let source) = edge.source { path = [(node, edge)] + graph.path(of: key, from: source) }
      // The call the user wrote: the last step with a place (a step from a set of
      // alternatives to one of them has none).
      guard let location = path.last(where: { $0.edge.location != nil })?.edge.location else { continue }
      for step in graph.externalSteps(of: key, after: path) {
        notes.append(.init(location: location, message: "\(key.quoted) is \(Self.phrase(step))"))
      }
    }
    return notes
  }

  /// What a step inside another module does with a key, worded like this module's notes:
  /// "required by the call to 'f(_:)' in a closure in 'F' at file:line:column".
  static func phrase(_ step: DependencyChains.Step) -> String {
    let at = "at \(step.file):\(step.line):\(step.column)"
    let place = step.inClosure ? "a closure in '\(step.function)'" : "'\(step.function)'"
    if let type = step.closureType {
      let closures = ScopeClosureAliases.storedProperty(type).map { "the closures stored in '\($0)'" }
        ?? "the '\(type)' closures"
      let callee = step.calls.map { " (one calls '\($0)')" } ?? ""
      return "required by \(closures) that the call in \(place) \(at) may run\(callee)"
    }
    return step.calls.map { "required by the call to '\($0)' in \(place) \(at)" } ?? "read in \(place) \(at)"
  }

  private mutating func diagnoseDetached(_ node: NodeID) {
    // Most detached nodes require nothing (all but 1 of 30,009 at 5,000 generated files): the
    // witnesses' dictionary, sort and node copy cost ~1,100 instructions each for nothing.
    guard !graph.requirements(of: node).isEmpty else { return }
    let name = graph[node].name
    var keysAt: [SourceLoc: [KeyName]] = [:]
    var notesAt: [SourceLoc: [Diagnostic.Note]] = [:]
    for (edge, keys) in witnesses(of: node) {
      guard let location = edge.location else { continue }
      keysAt[location, default: []] += keys
      // A call into another module here: the steps there down to each read.
      notesAt[location, default: []] += dependencyNotes(from: node, edge, keys: keys)
    }
    for location in keysAt.keys.sorted() {
      let keys = keysAt[location]!.sorted()
      let id: DiagnosticID
      let message: String
      switch graph[node].kind {
      case .closure where graph[node].unclassifiedCallee != nil:
        let callee = graph[node].unclassifiedCallee!
        id = .unclassifiedClosureUsesImplicit
        message = "cannot tell whether the closure passed to '\(callee)' runs before the call returns (its declaration is not visible to the analyzer), and it uses implicit \(keys.listed); capture them with '[implicits = #implicits]' and restore with 'ImplicitScope(with: implicits)' inside the closure"
      case .closure:
        id = .escapingClosureUsesImplicit
        message = "escaping closure uses implicit \(keys.listed) of the enclosing scope; capture with '[implicits = #implicits]' and restore with 'ImplicitScope(with: implicits)' inside the closure"
      case .topLevel:
        id = .implicitOutsideScope
        message = "implicit \(keys.listed) used outside any scope; create one with 'let scope = ImplicitScope()' and 'defer { scope.end() }'"
      default:
        id = .implicitWithoutScopeParameter
        message = "implicit \(keys.listed) used in '\(name)', which has no ImplicitScope parameter; add a '_ scope: ImplicitScope' parameter or create a scope with 'ImplicitScope()'"
      }
      diagnostics.append(.error(id, message, at: location, notes: notesAt[location] ?? []))
    }
  }

  private mutating func diagnoseOverloads(_ set: NodeID) {
    guard case .overloadSet(let site) = graph[set].kind else { return }
    var requirementSets: Set<[KeyName]> = []
    var names: [String] = []
    var notes: [Diagnostic.Note] = []
    for edge in graph[set].edges {
      guard case .node(let callee) = edge.source, case .call(let name) = edge.role else { continue }
      let keys = graph.requirementNames(of: callee)
      requirementSets.insert(keys)
      names.append(name)
      if let location = graph[callee].location {
        let needs = keys.isEmpty ? "requires no implicits" : "requires \(keys.listed)"
        notes.append(.init(location: location, message: "candidate '\(name)' \(needs)"))
      }
    }
    guard requirementSets.count > 1 else { return }
    diagnostics.append(.error(
      .ambiguousCall, "ambiguous call to implicit function '\(graph[set].name)': candidates \(names.sorted().map { "'\($0)'" }.joined(separator: ", ")) require different implicits; call it through a receiver of known type (e.g. 'let x: T = …' or 'T.\(site.baseName)')",
      at: site.location, notes: notes.sorted { $0.location < $1.location }))
  }

  private mutating func diagnoseNamedKeys() {
    var seen: [String: SourceLoc] = [:]
    for file in files {
      for key in file.declarations.namedKeys {
        guard let location = key.location else { continue }
        if let first = seen[key.name] {
          diagnostics.append(.error(
            .namedKeyDuplicate, "named key '\(key.name)' is declared more than once", at: location,
            notes: [.init(location: first, message: "first declared here")]))
        } else {
          seen[key.name] = location
        }
      }
    }
  }
}
#endif
