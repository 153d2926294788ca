#if ImplicitsAnalysis
/// Pass 4: joins the per-file summaries into one `RequirementGraph`. Resolves calls by
/// base name, labels and arity; decides which closures run in place; attaches stored
/// implicits to `init(_ scope:)`; links bag restores to bag captures.
struct GraphBuilder {
  let files: [FileSummary]
  let moduleName: String
  private let dependencies: [ModuleInterface]
  private let testable: Set<String>
  /// The module's scope-taking closure aliases and properties (`ScopeClosureAliases`).
  let aliases: ScopeClosureAliases
  /// The build configuration checked: a dependency's requirement it rules out is not one.
  private var requirementConditions: RequirementConditionEvaluator
  var graph = RequirementGraph()
  private(set) var symbols = SymbolTable()
  var diagnostics: [Diagnostic] = []

  /// Where each file's body nodes, entry points and bag sites sit in the graph.
  var fileNodes: [FileNodes] = []
  /// Bag nodes that some code restores.
  var restoredBags: Set<NodeID> = []
  /// Bag nodes passed where the analyzer cannot see what is restored: they capture all.
  var captureAllBags: Set<NodeID> = []
  /// `Implicits` parameters restored in their function → node.
  var bagParameterNodes: [Parameter: NodeID] = [:]
  /// (bag, parameter node it is passed to).
  var bagForwards: [(NodeID, NodeID)] = []
  /// Overload-set nodes: calls resolved to several candidates (the node kind has the site).
  private(set) var overloadSets: [NodeID] = []
  var bagProperties: [String: [String: NodeID]] = [:]
  /// `Implicits` parameters a function stores into a stored property → that property
  /// (`Type.name`), for notes.
  var keptBagParameters: [NodeID: String] = [:]
  /// (bag site, property node) for bags assigned to a stored property in a body.
  var assignedBagSites: [(site: NodeID, property: NodeID)] = []
  /// Closures passed for a parameter of type `(ImplicitScope) -> …`: closure node → the
  /// callee parameters they may be called through.
  var scopeClosureArguments: [NodeID: [Parameter]] = [:]
  /// Closure node → positions of the scope among its parameters, as its callees pass it.
  var scopeClosurePositions: [NodeID: Set<Int>] = [:]
  /// Closures passed for an `@escaping` parameter of type `(ImplicitScope) -> …`: they take
  /// a scope, as if its type were written (`{ (scope: ImplicitScope) in … }`).
  var escapingScopeClosures: Set<NodeID> = []
  /// Those passed for a parameter whose type is a scope-taking closure alias: its full name.
  var escapingClosureAliases: [NodeID: String] = [:]
  /// Those passed for a parameter the callee stores into a property: the property's
  /// closures (`ParameterInfo.storedAlias`).
  var escapingClosureStores: [NodeID: [String]] = [:]
  /// Those passed for an escaping scope-closure parameter of a dependency's function
  /// (`router.on("/cart") { path, scope in … }`): the dependency keeps them and runs them
  /// later with a scope of its caller's, never with the scope of the code passing them.
  /// The dependency's module, by closure.
  var dependencyKeptClosures: [NodeID: String] = [:]
  /// The dependencies' functions that run closures they keep (`closureRunners`): node →
  /// module and the types of the closure values run (`GraphBuilder+DependencyClosures`).
  var dependencyRunners: [NodeID: (module: String, types: [String])] = [:]
  /// `module|alias` → the shape of a dependency's scope-closure alias its runners name
  /// (`closureAliases`).
  var dependencyAliasShapes: [String: (arity: Int, scopePosition: Int)] = [:]
  /// A dependency's stored property of such an alias's type (`Router#onRoute`) → the
  /// module and the alias: its runners of the alias run what is assigned there.
  var dependencyAliasProperties: [String: (module: String, alias: String)] = [:]
  /// A dependency's stored property (`Flow#steps`) → its module, for the dependencies
  /// with closure runners: a call of theirs through a value of a type written out
  /// (`(ImplicitScope)`) may run what is assigned there, as within one module.
  var dependencyPropertyModules: [String: String] = [:]
  /// Closures of each shape that calls through closure values may call (`GraphBuilder+ClosureValues`).
  var closureValueNodes: [ClosureShape: NodeID] = [:]
  var closureValueMembers: [ClosureValueMember] = []
  /// Callee parameter → node standing for "the closure passed here".
  private var scopeClosureParameters: [Parameter: NodeID] = [:]
  /// A dependency's function's closure parameter that runs in a root scope the function
  /// opens (`rootScopeDeclares`) → the keys declared there.
  private var dependencyRootScopes: [Parameter: [KeyName]] = [:]
  /// Per file (made when first needed): closure node → the body it is written in.
  private var closureParents: [Int: [Int: Int]] = [:]
  /// Closures passed for such a parameter, one per call (`GraphBuilder+ClosureInstances`).
  var scopeClosureInstances: [ScopeClosureInstance] = []
  /// Such parameters handed on: [from, to] → the forward, `nil` when several calls or
  /// candidates hand `from` on to `to`.
  var scopeClosureForwards: [[NodeID]: ScopeClosureForward?] = [:]
  /// Closure constants by the name a call uses (`Type.name`, or a global's name), for
  /// `ComposedChain` layers.
  var closureConstantNodes: [String: [(node: NodeID, arity: Int, privateFile: FileID?)]] = [:]
  /// A closure constant's node → its edges that call its parameter `parameter`
  /// (`next(request, scope)`), through every closure of the parameter's type.
  var constantParameterCalls: [NodeID: [(edge: Int, parameter: Int)]] = [:]
  /// Calls of composed chains, unrolled once every edge is in (`GraphBuilder+ComposedChains`).
  var composedChainCalls: [ComposedChainCall] = []
  /// Closure literals passed for a closure constant's `next` at a call of it by name, by
  /// the call's location, and their nodes (`findConstantCallsWithNext`).
  var literalNexts: [SourceLoc: LiteralNext] = [:]
  var boundLiterals: Set<NodeID> = []
  /// Properties set only to what closure-returning functions return (`GraphBuilder+ResultProperties`).
  var resultProperties: [String: ResultProperty] = [:]
  /// Escaping closure parameters handed to non-escaping ones, linked once closure values are known.
  var escapingForwards: [EscapingForward] = []
  /// Types whose `init(_ scope:)` reads stored implicits, by name (`GraphBuilder+StoredImplicits`).
  var storedImplicitTypes: [StoredImplicitsOfType] = []
  /// Subclass → the nodes of the initializers it inherits (`GraphBuilder+InheritedInitializers`).
  var inheritedInitializerNodes: [String: [NodeID]] = [:]
  /// Whether the module's symbols are indexed on a worker beside the nodes
  /// (`GraphBuilder+ModuleSymbols`): `check` always asks for it; false (the calling thread)
  /// is for tests that build a graph directly.
  var indexesSymbolsOnWorker = false
  /// With the change index on: where the call lookups record what each file read
  /// (`CallLookups`, `ChangeIndex.Reads`).
  var recording: ChangeIndex.Reads? = nil
  /// Clean files' calls answered from the last run's graph (`PatchedCalls`, hidden).
  var patch: PatchedCalls?
  /// The dependencies' function nodes (`indexDependencies` makes them one after another).
  private(set) var dependencyNodes = 0..<0
  /// Per file, what its turn of the per-file loop did (`LoopRecord`), when asked for
  /// (`recordsLoops`: the run writes a graph file); `nil` for a turn that did more.
  var recordsLoops = false
  private(set) var loopRecords: [LoopRecord?] = []
  /// The turn being recorded: its keys (first use first), detached closures, and whether
  /// it stayed within the file so far; `loopTraceFile` is its file + 1 (0: none).
  var loopTrace: [Int32] = []
  var loopDetaches: [LoopRecord.Detach] = []
  var loopIsLocal = true
  var loopTraceFile: Int32 = 0
  var loopTraceSeen: [Int32] = []
  /// Per node made by `createNodes`: whether it is a file's (`isFileNode`).
  var fileNodeFlags: [Bool] = []

  /// A parameter of a function of the graph, by position.
  struct Parameter: Hashable {
    var function: NodeID
    var index: Int
  }

  init(
    moduleName: String, files: [FileSummary], dependencies: [ModuleInterface], testable: Set<String>,
    aliases: ScopeClosureAliases, conditions: ConditionEvaluator
  ) {
    self.moduleName = moduleName
    self.files = files
    self.dependencies = dependencies
    self.testable = testable
    self.aliases = aliases
    requirementConditions = RequirementConditionEvaluator(conditions)
  }

  mutating func build() {
    let callableCount = files.reduce(0) { $0 + $1.declarations.functions.count }
      + dependencies.reduce(0) { $0 + $1.functions.count + ($1.closureFunctions?.count ?? 0) }
    let moduleSymbols = OnWorker(if: indexesSymbolsOnWorker) { [files, moduleName, properties = aliases.propertyTypes] in
      Self.moduleSymbols(files: files, moduleName: moduleName, properties: properties, reserving: callableCount)
    }
    createNodes()
    // These need only the nodes: done while the worker may still be indexing.
    reserveEdges()
    collectStoredImplicits()
    symbols = moduleSymbols.value()
    placeModuleCallables()
    indexDependencies()
    // After the dependencies' callables: a subclass may inherit a dependency's initializers.
    let inherited = symbols.callables.count
    symbols.addInheritedInitializers()
    for (index, node) in placeInheritedInitializers(from: inherited) { symbols.setNode(node, ofCallable: index) }
    findScopeClosureArguments()
    indexClosureConstants()
    findResultProperties()
    findConstantCallsWithNext()
    // The symbol table is complete: the other core looks the calls up from here on.
    patch?.prepare(fileNodes: fileNodes, graph: graph, symbols: symbols, dependencyNodes: dependencyNodes)
    let lookups = CallLookups(files: files, symbols: symbols, recording: recording, patch: patch)
    let records = recordsLoops || patch?.replayed != nil
    if records {
      indexFileNodes()
      loopRecords.reserveCapacity(files.count)
    }
    // Indexed, not iterated: a summary or contribution copied out is a dozen retains.
    for index in files.indices {
      let file = FileID(index)
      let mark = records ? beginLoop(file) : nil
      if patch?.replays(index) != true || !replayLoop(file) {
        for contribution in files[index].contributions.indices {
          let callee = lookups.callee(file: file, index: contribution)
          if addPlainEdge(file: file, index: contribution, callee: callee) { continue }
          addEdge(files[index].contributions[contribution], file: file, callee: callee)
        }
      }
      if let mark { loopRecords.append(endLoop(file, mark)) }
      for restore in files[index].restores {
        if let bag = resolve(restore.bag, file: file, at: restore.location) { restoredBags.insert(bag) }
      }
    }
    lookups.finishRecording()
    for index in files.indices where !files[index].bagPasses.isEmpty {
      for pass in files[index].bagPasses where pass.bag != .empty { link(pass, file: FileID(index)) }
    }
    // After every other pass: a bag parameter forwarded to one that is restored has its node now.
    for index in files.indices where !files[index].bagPasses.isEmpty {
      for pass in files[index].bagPasses where pass.bag == .empty { linkEmptyBag(pass, file: FileID(index)) }
    }
    for (site, property) in assignedBagSites where restoredBags.contains(property) { restoredBags.insert(site) }
    checkEmptyBagDefaults()
    linkEscapingForwards()
    finishClosureValues()
    joinDependencyKeptClosures()
    linkResultProperties()
    spreadCaptureAll()
    attachStoredImplicits()
    instantiateScopeClosures()
    instantiateComposedChains()
    graph.trimCapacity()
  }

  // MARK: Nodes

  private mutating func createNodes() {
    reserveNodes()
    // Indexed, not iterated: a summary or body node copied out is a dozen retains.
    for index in files.indices {
      let file = FileID(index)
      var nodes = FileNodes()
      nodes.bodies.reserveCapacity(files[index].nodes.count)
      for node in files[index].nodes.indices {
        var kind: RequirementGraph.NodeKind
        var detached = false
        switch files[index].nodes[node].kind {
        case .function(let function):
          kind = .function(file: file, index: function)
          detached = !files[index].declarations.functions[function].isImplicit
        case .closure(let parameter):
          kind = .closure(file: file, scopeParameter: parameter)
        case .topLevel:
          kind = .topLevel(file: file)
          detached = true
        case .accessor:
          kind = .accessor(file: file)
          detached = true
        }
        nodes.bodies.append(graph.addNode(.init(
          kind: kind, name: files[index].nodes[node].name, location: files[index].nodes[node].location,
          isDetached: detached)))
      }
      nodes.entries = files[index].entries.map {
        graph.addNode(.init(kind: .entry(restoresEmptyBag: $0.restoresEmptyBag), name: "entry point", location: $0.location))
      }
      nodes.bags = files[index].bagSites.map {
        graph.addNode(.init(kind: .bag(site: "\($0.location.line):\($0.location.column)"), name: $0.wrapper ?? $0.capture.spelling,
          location: $0.location))
      }
      fileNodes.append(nodes)
      // Indexed, not iterated: a `TypeDecl` copied out is a dozen retains.
      let types = files[index].declarations.types
      for type in types.indices {
        for property in types[type].bagProperties.indices {
          let (name, site) = types[type].bagProperties[property]
          bagProperties[types[type].name, default: [:]][name] = fileNodes[file.index].bags[site]
        }
        // What a memberwise `init` stores into an `Implicits` property (`GraphBuilder.link`).
        guard types[type].hasMemberwiseInit else { continue }
        for property in types[type].propertyTypes.indices where BagType.isBag(spelling: types[type].propertyTypes[property].type) {
          _ = bagProperty(types[type].propertyTypes[property].name, of: types[type].name, at: nil)
        }
      }
    }
    for index in files.indices { linkAssignedBags(files[index].assignedBags, file: FileID(index)) }
    // `private let empty = Implicits()`, never captured into: still a known bag, the empty
    // one, whose restores `checkEmptyBagDefaults` checks at that initial value.
    for index in files.indices {
      let types = files[index].declarations.types
      for type in types.indices where !types[type].emptyBagDefaults.isEmpty {
        for (name, location) in types[type].emptyBagDefaults { _ = bagProperty(name, of: types[type].name, at: location) }
      }
    }
  }

  /// Room for every node at once: grown by doubling, the node list was copied as it grew
  /// and once more by `trimCapacity`, which copies a list more than an eighth unused
  /// (a tenth of the graph build at 5,000 files). The nodes made while edges are added
  /// (closure parameter slots, closure values, overload sets, empty-bag entry points) are
  /// few (none in a generated module); a thirty-second more leaves room for them and
  /// little to trim. More than that grows the list as before.
  private mutating func reserveNodes() {
    var count = dependencies.reduce(0) { $0 + $1.functions.count + ($1.closureFunctions?.count ?? 0) }
    for index in files.indices {
      count += files[index].nodes.count + files[index].entries.count + files[index].bagSites.count
    }
    graph.reserveNodes(count + count / 32 + 16)
  }

  /// The module's callables were indexed with their bodies' indices in their files
  /// (`moduleSymbols`): now that the nodes are made, their graph nodes.
  private mutating func placeModuleCallables() {
    var callable = 0
    for index in files.indices {
      for function in files[index].declarations.functions.indices {
        symbols.setNode(fileNodes[index].bodies[files[index].declarations.functions[function].node], ofCallable: callable)
        callable += 1
      }
    }
  }

  /// The dependencies' functions: a node each, with edges for what their interfaces say
  /// they require, and a callable each after the module's own.
  private mutating func indexDependencies() {
    let first = graph.nodeCount
    defer { dependencyNodes = first..<graph.nodeCount }
    for interface in dependencies {
      symbols.resolver.moduleNames.insert(interface.module)
      let seesInternals = testable.contains(interface.module)
      graph.dependencyChains.add(interface)
      let protocols = Set(interface.protocols ?? [])
      let runners = Self.closureRunners(of: interface)
      if !runners.isEmpty {
        for property in interface.properties ?? [] where property.isStatic != true {
          dependencyPropertyModules[ScopeClosureAliases.property(property.name, of: property.type)] = interface.module
        }
      }
      if !runners.isEmpty, let aliases = interface.closureAliases {
        for alias in aliases {
          dependencyAliasShapes[interface.module + "|" + alias.name] = (alias.arity, alias.scopePosition)
          for property in alias.properties ?? [] { dependencyAliasProperties[property] = (interface.module, alias.name) }
        }
      }
      for (index, function) in interface.functions.enumerated() {
        let access = AccessLevel(rawValue: function.access) ?? .internal
        guard access >= .public || (seesInternals && access >= .internal) else { continue }
        let parameters = function.parameters.map(\.info)
        let name = (function.type.map { $0 + "." } ?? "") + function.name
        let id = graph.addNode(.init(kind: .external(module: interface.module), name: interface.module + "." + name))
        for (position, key) in function.requires.enumerated() {
          if let conditions = function.conditions, !requirementConditions.mayHold(conditions[position]) { continue }
          let key = KeyResolver.qualify(key, fromInterfaceOf: interface.module)
          graph.addEdge(to: id, from: .key(graph.key(key)), location: nil, role: .read)
        }
        graph.dependencyChains.record(id, module: interface.module, index: index)
        if !runners.isEmpty, let types = runners[Self.runnerKey(type: function.type, name: function.name, isStatic: function.isStatic)] {
          dependencyRunners[id] = (interface.module, types)
        }
        let baseName = String(function.name.prefix { $0 != "(" })
        symbols.add(Callable(
          node: id, typeName: function.type, parameters: parameters, isImplicit: true,
          isExternal: true, qualifiedName: interface.module + "." + name, isStatic: function.isStatic,
          isProtocolMember: function.type.map(protocols.contains) ?? false, isAsync: function.isAsync),
          baseName: baseName)
      }
      // Functions without a scope that take a closure: only what their parameters say
      // counts (whether a closure passed there runs in place); they require nothing.
      for function in interface.closureFunctions ?? [] {
        let access = AccessLevel(rawValue: function.access) ?? .internal
        guard access >= .public || (seesInternals && access >= .internal) else { continue }
        let name = (function.type.map { $0 + "." } ?? "") + function.name
        let id = graph.addNode(.init(kind: .external(module: interface.module), name: interface.module + "." + name))
        for (index, parameter) in function.parameters.enumerated() {
          guard let declares = parameter.rootScopeDeclares else { continue }
          dependencyRootScopes[Parameter(function: id, index: index)] = declares.map {
            KeyResolver.qualify($0, fromInterfaceOf: interface.module)
          }
        }
        symbols.add(Callable(
          node: id, typeName: function.type, parameters: function.parameters.map(\.info), isImplicit: false,
          isExternal: true, qualifiedName: interface.module + "." + name, isStatic: function.isStatic,
          isProtocolMember: function.type.map(protocols.contains) ?? false, isAsync: function.isAsync),
          baseName: String(function.name.prefix { $0 != "(" }))
      }
    }
  }

  /// Adds a callable found after `indexDependencies` (a closure constant called by name). The
  /// table is otherwise read-only outside this file: passes that only resolve calls must
  /// not change what later passes resolve against.
  mutating func addCallable(_ callable: Callable, baseName: String) {
    symbols.add(callable, baseName: baseName)
  }

  // MARK: Closures passed for scope-taking closure parameters

  private mutating func findScopeClosureArguments() {
    // Indexed, not iterated: a summary, body node or contribution copied out is a dozen retains.
    for index in files.indices {
      let file = FileID(index)
      // A named closure of a scope-taking alias: `let pick: PickHandler = { row, scope in … }`.
      for node in files[index].nodes.indices where files[index].nodes[node].closureAlias != nil {
        if let position = files[index].nodes[node].scopePosition { scopeClosurePositions[fileNodes[index].bodies[node]] = [position] }
      }
      for contribution in files[index].contributions.indices {
        guard case .closure(let node, let context) = files[index].contributions[contribution].source else { continue }
        if case .stored(_, let position?, _) = context {
          scopeClosurePositions[fileNodes[file.index].bodies[node]] = [position]
          continue
        }
        guard case .argument(let site, let argument, _) = context else { continue }
        let candidates = symbols.candidates(for: site, file: file)
        if candidates.isEmpty, let found = symbols.payloadCase(constructedBy: site) {
          markPayloadClosure(fileNodes[file.index].bodies[node], of: found, argument: argument)
          continue
        }
        if candidates.isEmpty, let type = symbols.memberwiseInitType(site) {
          markMemberwiseClosure(fileNodes[file.index].bodies[node], of: type, site: site, argument: argument)
          continue
        }
        var positions: Set<Int> = []
        var aliases: Set<String?> = []
        var stores: [String] = []
        var targets: [Parameter] = []
        var escaping = 0
        var external = 0
        var keptBy: String?
        for index in candidates {
          let callable = symbols.callables[index]
          guard let parameter = symbols.binding(of: site, to: index)?[argument],
            callable.parameters[parameter].takesScopeClosure
          else { continue }
          positions.insert(callable.parameters[parameter].scopeClosurePosition)
          if callable.parameters[parameter].isEscaping {
            if callable.isExternal, case .external(let module) = graph[callable.node].kind {
              external += 1
              keptBy = module
            }
            aliases.insert(callable.parameters[parameter].closureAlias)
            if let stored = callable.parameters[parameter].storedAlias, !stores.contains(stored) { stores.append(stored) }
            escaping += 1
          } else {
            targets.append(Parameter(function: callable.node, index: parameter))
          }
        }
        guard !candidates.isEmpty, targets.count + escaping == candidates.count else { continue }
        let closure = fileNodes[file.index].bodies[node]
        scopeClosurePositions[closure] = positions
        if escaping == 0 {
          scopeClosureArguments[closure] = targets
        } else {
          escapingScopeClosures.insert(closure)
          // The closures of an alias when every candidate takes that alias.
          if aliases.count == 1, let alias = aliases.first { escapingClosureAliases[closure] = alias }
          if !stores.isEmpty { escapingClosureStores[closure] = stores }
          if external == escaping, let keptBy { dependencyKeptClosures[closure] = keptBy }
        }
      }
    }
  }

  /// `.run { scope in … }` for `case run((ImplicitScope) -> Void)` (or `run(Handler)` of a
  /// scope-taking alias): an escaping closure that takes its scope where the value's type
  /// says, as one passed for an `@escaping` parameter of that type.
  private mutating func markPayloadClosure(
    _ closure: NodeID, of found: (type: String, payload: PayloadCase), argument: Int
  ) {
    let payload = found.payload
    guard payload.labels.indices.contains(argument) else { return }
    let alias = payload.aliases[argument].flatMap { aliases.alias($0, context: found.type) }
    guard let position = payload.scopePositions[argument] ?? alias?.position else { return }
    scopeClosurePositions[closure] = [position]
    escapingScopeClosures.insert(closure)
    if let alias { escapingClosureAliases[closure] = alias.name }
  }

  /// Room for the edges each body and entry point gets from its file's contributions, so
  /// that they are not grown by doubling (and copied again by `trimCapacity`).
  private mutating func reserveEdges() {
    var counts: [Int] = []
    for file in files.indices {
      // Indexed, not iterated: a summary or contribution copied out is a dozen retains.
      let (nodeCount, entryCount) = (files[file].nodes.count, files[file].entries.count)
      counts.removeAll(keepingCapacity: true)
      counts.append(contentsOf: repeatElement(0, count: nodeCount + entryCount))
      for index in files[file].contributions.indices {
        switch files[file].contributions[index].sink {
        case .body(let node): counts[node] += 1
        case .entry(let entry): counts[nodeCount + entry] += 1
        case .bag: break
        }
      }
      for (slot, count) in counts.enumerated() where count > 1 {
        let node = slot < nodeCount ? fileNodes[file].bodies[slot] : fileNodes[file].entries[slot - nodeCount]
        graph.reserveEdges(count, of: node)
      }
    }
  }

  /// The function whose body `origin` is, or in whose body it is written through nested
  /// closures: a closure calls or forwards its function's closure parameter
  /// (`lock.withLock { body(scope) }`). A node of no function's body stays itself.
  mutating func owningFunction(of origin: Int, file: FileID) -> Int {
    guard case .closure = files[file.index].nodes[origin].kind else { return origin }
    if closureParents[file.index] == nil {
      var parents: [Int: Int] = [:]
      for contribution in files[file.index].contributions {
        if case .closure(let node, _) = contribution.source, parents[node] == nil { parents[node] = contribution.origin }
      }
      closureParents[file.index] = parents
    }
    var node = origin
    var steps = 0
    while case .closure = files[file.index].nodes[node].kind, let parent = closureParents[file.index]![node], steps < 64 {
      node = parent
      steps += 1
    }
    return node
  }

  mutating func scopeClosureParameter(_ parameter: Parameter) -> NodeID {
    if let node = scopeClosureParameters[parameter] { return node }
    let callee = graph[parameter.function]
    let node = graph.addNode(.init(
      kind: .closure(file: nil, scopeParameter: nil), name: "closure parameter \(parameter.index + 1) of \(callee.name)",
      location: callee.location))
    scopeClosureParameters[parameter] = node
    graph.scopeClosureSlots[parameter.function, default: [:]][parameter.index] = node
    return node
  }

  // MARK: Edges

  /// - Parameter callee: for a call, its one implicit callee and its name if `CallLookups`
  ///   found it.
  private mutating func addEdge(_ contribution: Contribution, file: FileID, callee lookedUp: (callable: Int, name: String)?) {
    let target: NodeID
    switch contribution.sink {
    case .body(let node): target = fileNodes[file.index].bodies[node]
    case .entry(let entry): target = fileNodes[file.index].entries[entry]
    case .bag(let reference):
      // Unknown bags are reported once, at the restore.
      guard let bag = resolve(reference, file: file, at: nil) else { return }
      target = bag
    }
    let mask = contribution.mask.contains(KeyName.uninferable)
      ? RequirementGraph.Edge.hidesEverything : contribution.mask.map { graph.key($0) }
    if loopTraceFile != 0 { for key in mask { traceKey(key) } }
    let location = contribution.location
    switch contribution.source {
    case .key(let key):
      let id = graph.key(key)
      if loopTraceFile != 0 { traceKey(id) }
      graph.addEdge(to: target, from: .key(id), mask: mask, location: location, role: .read)
    case .bagCapture(let site):
      graph.addEdge(to: target, from: .node(fileNodes[file.index].bags[site]), mask: mask, location: location, role: .bagCapture)
    case .scopeClosure(let parameter):
      loopIsLocal = false
      let function = owningFunction(of: contribution.origin, file: file)
      let closure = scopeClosureParameter(Parameter(function: fileNodes[file.index].bodies[function], index: parameter))
      graph.addEdge(to: target, from: .node(closure), mask: mask, location: location, role: .closureParameterCall)
    case .forwardedScopeClosure(let parameter, let site, let argument):
      loopIsLocal = false
      forwardScopeClosure(
        parameter, origin: contribution.origin, file: file, to: site, argument: argument, from: target, mask: mask)
    case .closureValue(let shape, let parameter, let tentative):
      loopIsLocal = false
      addClosureValueCall(
        shape, parameter: parameter, tentative: tentative, origin: contribution.origin, file: file,
        to: target, mask: mask, location: location)
    case .composedChain(let chain, let shape, let tentative):
      loopIsLocal = false
      addComposedChainCall(
        chain, shape, tentative: tentative, origin: contribution.origin, file: file, to: target, mask: mask, location: location)
    case .call(let site):
      if site.isTentative {
        // An untyped closure parameter is the scope only where the callee passes one.
        guard let positions = scopeClosurePositions[fileNodes[file.index].bodies[contribution.origin]] else {
          reportTentative(site, file: file)
          return
        }
        guard site.tentativePositions.keys.contains(where: positions.contains) else { return }
      }
      let (callee, name): (NodeID, String)
      if let (callable, lookedUpName) = lookedUp {
        (callee, name) = (symbols.callables[callable].node, lookedUpName)
      } else {
        // Several candidates, none, or a file not looked up on the other core: a turn
        // that asked is recorded only if it looked the call up the common way.
        if loopTraceFile != 0, symbols.onlyImplicitCandidate(for: site, file: file) == nil { loopIsLocal = false }
        let closure = site.isReference ? fileNodes[file.index].bodies[contribution.origin] : nil
        guard let resolved = resolveImplicitCall(site, file: file, namedIn: closure) else { return }
        (callee, name) = (resolved, calledName(site, file: file))
      }
      if !literalNexts.isEmpty, let next = literalNexts[site.location], next.constant == callee {
        addConstantCallWithNext(next, constant: callee, name: name, caller: target, mask: mask, location: location)
        return
      }
      graph.addEdge(to: target, from: .node(callee), mask: mask, location: location, role: .call(name))
    case .closure(let node, let context):
      let closure = fileNodes[file.index].bodies[node]
      // Run by the closure constant it is passed to, where that calls `next`.
      if !boundLiterals.isEmpty, boundLiterals.contains(closure) { return }
      if let targets = scopeClosureArguments[closure] {
        // Runs where the callee calls its parameter, with what the callee provides there.
        for parameter in targets {
          if case .external = graph[parameter.function].kind {
            if let declared = dependencyRootScopes[parameter], case .argument(let site, _, _) = context {
              // Runs in the root scope the dependency's function opens: what that does not
              // declare is unmet at the call, as at an entry point.
              let entry = graph.addNode(.init(kind: .entry(restoresEmptyBag: false), name: "entry point", location: site.location))
              fileNodes[file.index].entries.append(entry)
              graph.dependencyScopes[entry] = graph[parameter.function].name
              graph.addEdge(
                to: entry, from: .node(closure), mask: declared.map { graph.key($0) }, location: location, role: .closure)
              continue
            }
            // A dependency's helper: what it provides around the call is not in its
            // interface, so the closure needs everything from the caller.
            graph.addEdge(to: target, from: .node(closure), mask: mask, location: location, role: .closure)
            continue
          }
          let slot = scopeClosureParameter(parameter)
          graph.addEdge(to: slot, from: .node(closure), location: location, role: .closure)
          if targets.count == 1, case .argument(let site, _, false) = context {
            scopeClosureInstances.append(ScopeClosureInstance(
              closure: closure, parameter: parameter, caller: target, mask: mask, location: location, site: site, file: file))
          }
        }
        return
      }
      // A function named as a value takes its scope where the function does (`+FunctionValues`).
      let named = files[file.index].functionValues.isEmpty ? nil : functionValueShape(of: node, file: file)
      if named != nil { loopIsLocal = false }
      if let shape = closureValueShape(of: closure, files[file.index].nodes[node], context: context, file: file, named: named) {
        closureValueMembers.append(ClosureValueMember(
          closure: closure, arity: shape.arity, scopePosition: shape.scopePosition, alias: shape.alias,
          stores: escapingClosureStores[closure] ?? [],
          inProperty: context.isStoredInProperty || dependencyKeptClosures[closure] != nil, creator: target, mask: mask, location: location))
        return
      }
      let hasScope: Bool
      if case .closure(_, let parameter) = graph[closure].kind {
        hasScope = parameter != nil || escapingScopeClosures.contains(closure) || named != nil
      } else {
        hasScope = false
      }
      switch hasScope ? .inPlace : classify(context, file: file) {
      case .inPlace:
        var role = RequirementGraph.Role.closure
        if case .called(let name) = context { role = .call(name) }
        graph.addEdge(to: target, from: .node(closure), mask: mask, location: location, role: role)
      case .escaping:
        graph.detach(closure)
        if loopTraceFile != 0 { loopDetaches.append(.init(body: Int32(node), callee: nil)) }
      case .unknown(let callee):
        graph.detach(closure, unclassifiedCallee: callee)
        if loopTraceFile != 0 { loopDetaches.append(.init(body: Int32(node), callee: callee)) }
      }
    }
  }

  /// The callee of a call that passes a scope; several candidates become an overload set.
  /// `CallLookups` answers the calls with one (`SymbolTable.onlyImplicitCandidate`).
  /// `namedIn`: the closure standing for a function named as a value (`site.isReference`).
  private mutating func resolveImplicitCall(_ site: CallSite, file: FileID, namedIn closure: NodeID? = nil) -> NodeID? {
    let candidates = closure.map { functionValueCandidates(site, closure: $0, file: file) }
      ?? symbols.implicitCandidates(for: site, file: file)
    // A function named as a value that takes no scope (`.map(String.init)`), or a property.
    if candidates.isEmpty, site.isReference { return nil }
    // `onFinish(user, scope)`, `self.onFinish(user, scope)`: a call through a stored closure,
    // of those stored into that property when its type is a closure type written out.
    // A value call (`CallSite.isValueCall`) comes beside its closure call: it adds only a
    // `callAsFunction`.
    if candidates.isEmpty, site.isValueCall {
      return storedClosureOwner(called: site).flatMap { storedValueCall(site, owner: $0, file: file) }
    }
    if candidates.isEmpty, let owner = storedClosureOwner(called: site), let position = site.scopeArgument {
      if let stored = resultProperties[owner + "." + site.baseName] { return stored.node }
      if let callable = storedValueCall(site, owner: owner, file: file) { return callable }
      let property = aliases.writtenOutProperty(site.baseName, of: owner)
      return closureValues(ClosureShape(arity: site.labels.count, scopePosition: position, alias: property))
    }
    if candidates.isEmpty {
      // Swift's memberwise `init` runs no code of the module: nothing to resolve.
      if symbols.callsMemberwiseInit(site) { return nil }
      // `render(scope)` of `func render(_ scope: ImplicitScope?)`: a function of this module
      // that takes no scope reads no implicit and calls none without saying so in its own
      // body (`scope-parameter-optional`, `implicit-without-scope-parameter`,
      // `scope-not-followed`), so the call has nothing to check.
      if symbols.declaresOnlyWithoutScope(site, file: file) { return nil }
      diagnostics.append(.error(
        .unresolvedCall, PassMessages.unresolvedImplicitCall(calledName(site, file: file)), at: site.location))
      return nil
    }
    if candidates.count == 1 { return symbols.callables[candidates[0]].node }
    let id = graph.addNode(.init(kind: .overloadSet(site), name: calledName(site, file: file), location: site.location))
    for candidate in candidates {
      let callable = symbols.callables[candidate]
      graph.addEdge(to: id, from: .node(callable.node), location: nil, role: .call(callable.qualifiedName))
    }
    // Declarations in different clauses of one `#if` are never compiled together: the call
    // needs what the compiled one needs, so it needs what any of them needs. A dependency's
    // interface lists each clause's declaration, without the clause: two of the same name
    // and parameters (`debugOverlay(_:)` in `#if DEBUG` and in `#else`) are such a pair,
    // or overloads by parameter type, which the interface does not tell apart either.
    let alternatives = candidates.indices.allSatisfy { i in
      candidates.indices.allSatisfy { j in
        let (a, b) = (symbols.callables[candidates[i]], symbols.callables[candidates[j]])
        return i == j || ConditionalBranch.exclusive(a.branches, b.branches)
          || (a.isExternal && b.isExternal && a.qualifiedName == b.qualifiedName && a.parameters == b.parameters)
      }
    }
    if !alternatives, !Self.dispatchesDynamically(candidates.map { symbols.callables[$0] }) { overloadSets.append(id) }
    return id
  }

  /// A requirement with its default implementation (`Screen.show(_:)` twice), or an
  /// overridable method with its overrides: which one runs is decided at run time, and
  /// the declaration's `dynamic-dispatch` error already says so; an `ambiguous-call` at
  /// each call would repeat it. Candidates of other types keep the call ambiguous.
  private static func dispatchesDynamically(_ candidates: [Callable]) -> Bool {
    let dynamicTypes = Set(candidates.filter(\.isDynamic).map(\.typeName))
    return !dynamicTypes.isEmpty && candidates.allSatisfy { $0.isDynamic || dynamicTypes.contains($0.typeName) }
  }

  /// How a diagnostic names the function a call reaches: an initializer with its type
  /// (`Widget.init(_:)`: a bare `init(_:)` says nothing of what is made), as notes name a
  /// function's own reads — the candidates' type, else the one the call names
  /// (`Widget(scope)`, `self.init(scope)`); any other call as written.
  func calledName(_ site: CallSite, file: FileID) -> String {
    Self.calledName(site, file: file, symbols: symbols)
  }

  /// `calledName`, for `CallLookups`' thread, which passes the call's `candidates` when it
  /// has them (an initializer's were looked up twice: ~9,000 instructions a call).
  static func calledName(_ site: CallSite, file: FileID, symbols: SymbolTable, candidates: [Int]? = nil) -> String {
    guard site.baseName == "init" else { return site.signature }
    let types = Set((candidates ?? symbols.candidates(for: site, file: file)).compactMap { symbols.callables[$0].typeName })
    if types.count == 1, let type = types.first { return type + "." + site.signature }
    switch site.receiver {
    case .type(let type) where types.isEmpty: return type + "." + site.signature
    case .enclosingType where types.isEmpty: return (site.callerType.map { $0 + "." } ?? "") + site.signature
    default: return site.signature
    }
  }

  /// `onLoad(scope)` or `self.onLoad(scope)` where `onLoad` is a stored property of the
  /// calling type, `store.onLoad(scope)` where it is one of the type of `store` (a local of
  /// known type or a stored property of the calling type): that type.
  private func storedClosureOwner(called site: CallSite) -> String? {
    let owner: String?
    switch site.receiver {
    case .unqualified, .enclosingType: owner = site.callerType
    case .type(let type): owner = CallSiteReader.stripGenerics(type)
    // `archive.onTap(row, scope)` where `archive` is a stored property of the calling type.
    case .property(let property):
      owner = site.callerType.flatMap { symbols.propertyType(property, of: $0) }.map(CallSiteReader.stripGenerics)
    default: owner = nil
    }
    guard let owner, symbols.propertyType(site.baseName, of: owner) != nil else { return nil }
    return owner
  }

  /// `formatter(row, scope)` where `formatter` is a stored property of a type with a
  /// `callAsFunction` (`let formatter: RowFormatter`): a call to that method, not through
  /// closures stored there.
  private mutating func storedValueCall(_ site: CallSite, owner: String, file: FileID) -> NodeID? {
    guard let written = symbols.propertyType(site.baseName, of: owner),
      let type = ClosureSignature.possibleAlias(spelling: written)
    else { return nil }
    let method = site.toCallAsFunction(of: type, isValueCall: true)
    guard !symbols.implicitCandidates(for: method, file: file).isEmpty else { return nil }
    return resolveImplicitCall(method, file: file)
  }

  /// `{ scope in foo(scope) }` passed where the analyzer cannot tell that `scope` is an
  /// `ImplicitScope`: an error if `foo` is implicit (never a silent guess), nothing if not.
  private mutating func reportTentative(_ site: CallSite, file: FileID) {
    let implicit = symbols.candidates(for: site, file: file).filter {
      symbols.callables[$0].isImplicit && !symbols.isOtherTypesInitializer($0, calledAs: site)
    }
    guard !implicit.isEmpty else { return }
    // Name the parameter passed where a candidate takes the scope (`{ row, scope in
    // open(row, scope) }` is about `scope`, not `row`); the first one if no binding tells.
    var passedForScope: String?
    for candidate in implicit where passedForScope == nil {
      guard let binding = symbols.binding(of: site, to: candidate) else { continue }
      let parameters = symbols.callables[candidate].parameters
      passedForScope = site.tentativeArguments.sorted(by: { $0.key < $1.key })
        .first { parameters[binding[$0.key]].isScope }?.value
    }
    guard let name = passedForScope ?? site.tentativePositions.sorted(by: { $0.key < $1.key }).first?.value else { return }
    diagnostics.append(.error(.untypedScopeClosureParameter, PassMessages.untypedScopeClosureParameter(name), at: site.location))
  }

  enum ClosureRun { case inPlace, escaping, unknown(callee: String) }

  /// A closure argument runs in place when every candidate callee takes it as a
  /// non-`@escaping` parameter, escapes when every one takes it as `@escaping`; otherwise
  /// the analyzer cannot tell.
  func classify(_ context: ClosureContext, file: FileID) -> ClosureRun {
    switch context {
    case .inPlace, .called: return .inPlace
    case .escaping, .stored: return .escaping
    case .macro(let name): return .unknown(callee: name)
    case .argument(let site, let argument, let inLiteral):
      let candidates = symbols.candidates(for: site, file: file)
      // An element of a collection literal is kept, whoever receives it.
      if inLiteral, candidates.isEmpty { return .escaping }
      // `Effect { … }`, `Effect(run: { … })` for `struct Effect { let run: () -> Int }`: a
      // memberwise `init` stores each argument in the property of its label, so a closure
      // given to it is kept (a stored closure is always escaping).
      if candidates.isEmpty, symbols.callsMemberwiseInit(site) { return .escaping }
      // `.run { scope in … }` for `case run((ImplicitScope) -> Void)`: the enum value keeps it.
      if candidates.isEmpty, symbols.payloadCase(constructedBy: site) != nil { return .escaping }
      if candidates.isEmpty, SyntaxFacts.isEscapingLibraryCallee(site) { return .escaping }
      if candidates.isEmpty, SyntaxFacts.isInPlaceLibraryInitializer(site) { return .inPlace }
      // An operator the module does not declare: kept, as any value an operator is given.
      if candidates.isEmpty, case .operator = site.receiver { return .escaping }
      // `items.filter { }` where the module also declares a `filter`: the standard
      // library's, unless the receiver is one of the module's types.
      if SyntaxFacts.nonEscapingCallees.contains(site.baseName), candidates.isEmpty || !site.receiver.isModuleType {
        return .inPlace
      }
      var escaping: Set<Bool> = []
      for index in candidates {
        guard let parameter = symbols.binding(of: site, to: index)?[argument] else { continue }
        escaping.insert(symbols.callables[index].parameters[parameter].isEscaping)
      }
      guard escaping.count == 1, let only = escaping.first else { return .unknown(callee: site.baseName) }
      return only ? .escaping : .inPlace
    }
  }
}
#endif
