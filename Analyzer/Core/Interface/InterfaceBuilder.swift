#if ImplicitsAnalysis
import Dispatch

/// This module's interface as it is written: everything but the functions is small and
/// built whole; each function's entry is made when it is written (`entry(at:)`), so that
/// the interface of a large module is never held whole (30 MB of entries at 5,000
/// generated files).
///
/// A class: the writer asks it for each entry through a closure, and a struct was copied
/// (with its analysis result) on every call.
final class InterfacePlan: Sendable {
  /// The interface without its functions.
  let header: ModuleInterface
  /// The implicit functions in interface order.
  let functions: [Planned]
  /// Each function's links, their files already renumbered (indices into `header.files`).
  fileprivate let tokens: [[RequirementLink?]]
  /// Each function's `stepFunctions`, `nil` when every step is in its own body.
  fileprivate let stepFunctions: [[String]?]
  /// Summary index → index into `header.files`.
  fileprivate let renumbered: [Int: Int]
  /// `header.files` as summary indices (empty when it is `nil`).
  let linkedFiles: [Int]
  let result: AnalysisResult
  /// The functions with an overload that differs only in being `async` (`AsyncOverloads`).
  let asyncOverloads: AsyncOverloads
  /// Each entry's link files and closure types, for the next run's record.
  let linkFacts: EntryLinkFacts
  /// Whether the functions are in the last run's order, kept (`KeptOrder`).
  let keptOrder: Bool

  fileprivate init(
    header: ModuleInterface, functions: [Planned], tokens: [[RequirementLink?]], stepFunctions: [[String]?],
    renumbered: [Int: Int], linkedFiles: [Int], result: AnalysisResult, asyncOverloads: AsyncOverloads,
    linkFacts: EntryLinkFacts, keptOrder: Bool
  ) {
    self.linkedFiles = linkedFiles
    self.keptOrder = keptOrder
    self.asyncOverloads = asyncOverloads
    self.linkFacts = linkFacts
    self.header = header
    self.functions = functions
    self.tokens = tokens
    self.stepFunctions = stepFunctions
    self.renumbered = renumbered
    self.result = result
  }

  struct Planned {
    var file: Int
    /// The index among the file's functions; past them, an initializer one of the file's
    /// subclasses inherits (`InheritedEntries`).
    var function: Int
    var node: NodeID
    /// The required keys' ids, sorted by name; `nil` until collected. A re-check collects
    /// them only for the entries it prints anew (`interfaceOrder(keeping:collectsKeys:)`):
    /// a copied entry's `requires` is in its bytes, and collecting every function's keys
    /// was most of the plan left on the main thread once the order was kept.
    var keys: [Int]?
  }

  var count: Int { functions.count }

  /// The entry of the function at `position` in interface order.
  func entry(at position: Int) -> ModuleInterface.Function {
    var (entry, links) = unformattedEntry(at: position)
    entry.links = links.map(RequirementLink.format)
    return entry
  }

  /// The entry without its `links` text, and the links it stands for (files renumbered):
  /// the writer prints them as bytes instead of making a `String` per function.
  /// - Parameter requires: whether `requires` is filled in; the writer prints it from
  ///   `requiredKeys(at:)` and `keyName(_:)` instead, each key's text made once per run.
  func unformattedEntry(at position: Int, requires: Bool = true) -> (ModuleInterface.Function, links: [RequirementLink?]?) {
    var entry = result.entry(functions[position], requires: requires)
    entry.stepFunctions = stepFunctions[position]
    if asyncOverloads.exist {
      entry.isAsync = asyncOverloads.isAsync(result[declarationOf: functions[position].file, index: functions[position].function])
    }
    guard !renumbered.isEmpty else {
      entry.file = nil
      return (entry, nil)
    }
    let links = tokens[position]
    entry.file = links.isEmpty ? nil : renumbered[entry.file!]
    return (entry, links.isEmpty ? nil : links)
  }

  /// The ids of the keys the function at `position` requires, in `requires` order.
  func requiredKeys(at position: Int) -> [Int] { functions[position].keys! }

  /// How many keys the graph knows: ids are `0..<keyCount`.
  var keyCount: Int { result.graph.keyNames.count }

  /// The name of the key with id `id` (as in `requires`).
  func keyName(_ id: Int) -> String { result.graph.keyNames[id] }

  /// The whole model (tests, and readers of this module's own interface).
  var interface: ModuleInterface {
    var interface = header
    interface.functions = (0..<count).map(entry(at:))
    return interface
  }
}

/// The interface's listings (`AnalysisResult.listings()`): the header without functions,
/// `files` and `closureTypes`, and the functions with `async` overloads.
struct InterfaceListings: Sendable {
  var header: ModuleInterface
  var asyncOverloads: AsyncOverloads
}

/// The interface before its links: the header without `files` and `closureTypes` (made
/// from the links), and the implicit functions in interface order.
struct InterfaceOrder: Sendable {
  var header: ModuleInterface
  var functions: [InterfacePlan.Planned]
  var asyncOverloads: AsyncOverloads
  /// Whether `functions` is the last run's order, kept (`KeptOrder`), not sorted anew.
  var kept = false
  /// When kept: the functions' type and signature, by position (`FunctionNameKeys`).
  var names: FunctionNameKeys?
}

extension AnalysisResult {
  /// This module's interface: implicit functions (public ones for importers, internal ones
  /// for `@testable` importers, private ones as steps) with their solved requirements and
  /// the links towards each read, and named keys.
  public var interface: ModuleInterface { interfacePlan.interface }

  /// The interface, its functions to be made one at a time (`InterfacePlan`), every one linked.
  var interfacePlan: InterfacePlan { interfacePlan(interfaceOrder)! }

  /// The interface without its links: the functions in order, the listings beside them.
  var interfaceOrder: InterfaceOrder { interfaceOrder(keeping: nil) }

  /// The interface without its links; `keeping` is asked, once the functions are
  /// collected, for the last run's order to keep when it still holds (`KeptOrder`).
  /// - Parameter collectsKeys: whether every function's required keys are collected here;
  ///   when not, only ties in the order are (`collected(_:ranks:)`), and the plan collects
  ///   the rest for the entries it links (`interfacePlan(_:kept:)`).
  /// - Parameter listings: `listings()`, when made already (`EarlyOutputs`: beside the solve).
  func interfaceOrder(
    keeping: (() -> KeptOrder?)?, collectsKeys: Bool = true, listings made: InterfaceListings? = nil
  ) -> InterfaceOrder {
    // The listings read only the summaries and the graph: made on another thread while
    // this one orders the functions (on a re-check the render's other threads finish
    // well before this one: 274 M against 503 M instructions at 5,000 generated files).
    let listings = made == nil ? Beside { [self] in self.listings() } : nil
    var functions: [InterfacePlan.Planned] = []
    let ranks = graph.keyRanks
    for file in files.indices {
      // Declarations are read in place, by index: iterating the summaries or their
      // functions copied each one, retaining and releasing every field (65,000 functions
      // at 5,000 generated files).
      let declarations = files[file].declarations
      let bodies = solved.nodes(of: FileID(file)).bodies
      // Every implicit function, private ones too: each is a step other functions' links
      // may lead through. Importers skip the ones they cannot call.
      for index in declarations.functions.indices where declarations.functions[index].isImplicit {
        let node = bodies[declarations.functions[index].node]
        functions.append(.init(
          file: file, function: index, node: node, keys: collectsKeys ? graph.requirementKeys(of: node, ranks: ranks) : nil))
      }
      // The initializers its subclasses inherit, numbered after its declared functions.
      for (offset, inherited) in inheritedEntries.entries(of: file).enumerated() {
        functions.append(.init(
          file: file, function: declarations.functions.count + offset, node: inherited.node,
          keys: collectsKeys ? graph.requirementKeys(of: inherited.node, ranks: ranks) : nil))
      }
    }
    // Same-named overloads differ by parameters; the encoded parameter list breaks ties.
    // Indices are sorted by the two names, not the entries: most pairs differ by type or
    // name, and only the rest are made into entries and compared whole.
    let kept = keeping?().flatMap { inKeptOrder(functions, $0) }
    if let kept {
      functions = kept.order
    } else {
      let names = FunctionNameKeys(self, functions: functions.lazy.map { ($0.file, $0.function) })
      let order = names.sortedIndices { a, b in
        Self.precedes(entry(collected(functions[a], ranks: ranks)), entry(collected(functions[b], ranks: ranks)))
      }
      functions = order.map { functions[$0] }
    }
    let listed = made ?? listings!.value()
    return InterfaceOrder(
      header: listed.header, functions: functions, asyncOverloads: listed.asyncOverloads, kept: kept != nil,
      names: kept?.names)
  }

  /// The header's listings and the functions with `async` overloads: what the interface's
  /// order takes from the summaries and the graph's edges, not from its requirements (made
  /// beside the solve by `EarlyOutputs`).
  func listings() -> InterfaceListings {
    let asyncOverloads = AsyncOverloads(files)
    return InterfaceListings(header: interfaceListings(asyncOverloads), asyncOverloads: asyncOverloads)
  }

  /// The interface without its functions, `files` and `closureTypes`: the named keys,
  /// defaulted types, value functions, properties, protocols and closure functions.
  private func interfaceListings(_ asyncOverloads: AsyncOverloads) -> ModuleInterface {
    var keys: [ModuleInterface.NamedKey] = []
    var valueFunctions: [ModuleInterface.ValueFunction] = []
    var closureFunctions: [(file: FileID, node: Int, function: ModuleInterface.ClosureFunction)] = []
    var properties: [ModuleInterface.Property] = []
    // Protocols with members listed: a dependant tells their extensions' methods, which any
    // conforming type reaches, from other types' (`SymbolTable.dependencyMembers`).
    let protocolNames = Set(files.flatMap { $0.declarations.types.lazy.filter(\.isProtocol).map(\.name) })
    var implicitTypes: Set<String> = []
    for file in files.indices {
      let declarations = files[file].declarations
      for index in declarations.functions.indices {
        if declarations.functions[index].isImplicit {
          if !protocolNames.isEmpty, let type = declarations.functions[index].typeName { implicitTypes.insert(type) }
          continue
        }
        guard declarations.functions[index].access >= .internal else { continue }
        if declarations.functions[index].returnKey != nil
          && (declarations.functions[index].typeName == nil || declarations.functions[index].isStatic)
        {
          let function = declarations.functions[index]
          valueFunctions.append(.init(
            type: function.typeName, name: function.baseName,
            parameters: function.parameters.map(ModuleInterface.Parameter.init),
            access: min(function.access, .public).rawValue, returns: function.returnKey!))
        }
        if declarations.functions[index].parameters.contains(where: \.isClosure) {
          let function = declarations.functions[index]
          closureFunctions.append((FileID(file), function.node, .init(
            type: function.typeName, name: function.signature,
            parameters: function.parameters.map(ModuleInterface.Parameter.init),
            access: min(function.access, .public).rawValue,
            isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic,
            isAsync: asyncOverloads.isAsync(function))))
        }
      }
      // An inherited initializer's type is the subclass's, listed as a planned function's is.
      if !protocolNames.isEmpty {
        for inherited in inheritedEntries.entries(of: file) {
          if let type = inherited.declaration.typeName { implicitTypes.insert(type) }
        }
      }
      for type in declarations.types {
        for property in type.exportedProperties {
          guard case .spelled(let valueType) = property.key else { continue }
          properties.append(.init(
            type: type.name, name: property.name, access: min(property.access, .public).rawValue,
            isStatic: property.isStatic ? true : nil, valueType: valueType))
        }
      }
      for key in declarations.namedKeys where key.access >= .internal {
        keys.append(.init(
          name: key.name, valueType: key.valueType, access: min(key.access, .public).rawValue,
          hasDefault: key.hasDefault ? true : nil))
      }
    }
    keys.sort { ($0.name, $0.valueType) < ($1.name, $1.valueType) }
    let defaultedTypes = Set(files.flatMap(\.declarations.defaultedTypes)).sorted()
    valueFunctions.sort(by: Self.precedes)
    // A property declared in several `#if` clauses or extensions is listed once per key.
    properties = ModuleInterface.Property.sorted(properties, unique: true)
    let protocols = implicitTypes.intersection(protocolNames).sorted()
    // Declared in several `#if` clauses: listed once per signature and parameters.
    let closureTakers = withRootScopeDeclarations(closureFunctions).sorted(by: Self.precedes)
    return ModuleInterface(
      module: options.moduleName, functions: [], namedKeys: keys,
      defaultedTypes: defaultedTypes.isEmpty ? nil : defaultedTypes,
      valueFunctions: valueFunctions.isEmpty ? nil : valueFunctions, properties: properties.isEmpty ? nil : properties,
      protocols: protocols.isEmpty ? nil : protocols,
      closureFunctions: closureTakers.isEmpty ? nil : closureTakers)
  }

  /// The plan of `order`, its functions linked: all of them, or with `kept` only those it
  /// reprints, the others' link files and closure types taken from the last run
  /// (`EntryLinkFacts`). `nil` when a kept entry's link file is gone (it cannot be kept).
  /// The entries it links get their keys collected, if they were not.
  func interfacePlan(_ order: InterfaceOrder, kept: EntryLinkFacts.Kept? = nil) -> InterfacePlan? {
    var functions = order.functions
    guard let (tokens, stepFunctions, linkedFiles, closureTypes, facts) = linked(&functions, kept: kept) else { return nil }
    var header = order.header
    header.closureTypes = closureTypes.isEmpty ? nil : closureTypes
    header.closureRunners = closureRunners()
    header.closureAliases = closureAliases(runners: header.closureRunners, properties: header.properties)
    header.files = linkedFiles.map { $0.map { paths[$0] } }
    let renumbered = Dictionary(uniqueKeysWithValues: (linkedFiles ?? []).enumerated().map { ($1, $0) })
    return InterfacePlan(
      header: header, functions: functions, tokens: tokens, stepFunctions: stepFunctions, renumbered: renumbered,
      linkedFiles: linkedFiles ?? [], result: self, asyncOverloads: order.asyncOverloads, linkFacts: facts, keptOrder: order.kept)
  }

  /// The closure functions, each scope-taking closure parameter called only under a root
  /// scope of the function with the keys declared there (`rootScopeDeclares`); listed once
  /// per signature and parameters.
  private func withRootScopeDeclarations(
    _ functions: [(file: FileID, node: Int, function: ModuleInterface.ClosureFunction)]
  ) -> Set<ModuleInterface.ClosureFunction> {
    var slots: [NodeID] = []
    for (file, node, function) in functions {
      let body = solved.nodes(of: file).bodies[node]
      for (index, parameter) in function.parameters.enumerated() where parameter.scopeClosure == true && !parameter.escaping {
        if let slot = graph.scopeClosureSlots[body]?[index] { slots.append(slot) }
      }
    }
    let declarations = graph.rootScopeDeclarations(of: slots)
    var result: Set<ModuleInterface.ClosureFunction> = []
    for (file, node, var function) in functions {
      let body = solved.nodes(of: file).bodies[node]
      for index in function.parameters.indices {
        guard let slot = graph.scopeClosureSlots[body]?[index], let keys = declarations[slot] else { continue }
        function.parameters[index].rootScopeDeclares = keys.map { graph.keyNames[$0] }
      }
      result.insert(function)
    }
    return result
  }

  /// `planned` with its required keys, collected now if they were not: for the few
  /// functions an order compares whole (same type and name).
  func collected(_ planned: InterfacePlan.Planned, ranks: [Int]) -> InterfacePlan.Planned {
    guard planned.keys == nil else { return planned }
    var planned = planned
    planned.keys = graph.requirementKeys(of: planned.node, ranks: ranks)
    return planned
  }

  /// A function's entry, `file` its summary index and without links.
  func entry(_ planned: InterfacePlan.Planned, requires: Bool = true) -> ModuleInterface.Function {
    // Passed as it stands in the summary, not copied into a local: a copy retains and
    // releases each of the declaration's fields, once per function on both cores.
    entry(planned, of: self[declarationOf: planned.file, index: planned.function], requires: requires)
  }

  private func entry(
    _ planned: InterfacePlan.Planned, of function: FunctionDecl, requires: Bool
  ) -> ModuleInterface.Function {
    var conditions: [String]?
    // Uncollected keys (a copied entry's, never printed) are collected for a caller that asks.
    let keys = planned.keys ?? (requires || configurations != nil ? collected(planned, ranks: graph.keyRanks).keys! : [])
    if let configurations {
      // An inherited initializer has no declaration of its own: its requirements are recorded by name.
      let inherited = planned.function >= files[planned.file].declarations.functions.count
      let each = keys.map {
        inherited
          ? configurations.condition(ofInherited: function.qualifiedName, key: graph.keyNames[$0])
          : configurations.condition(of: function.location, key: graph.keyNames[$0])
      }
      if each.contains(where: { $0 != RequirementCondition.always }) { conditions = each }
    }
    return ModuleInterface.Function(
      type: function.typeName, name: function.signature,
      parameters: function.parameters.map(ModuleInterface.Parameter.init),
      access: min(function.access, .public).rawValue, spi: function.isSPIImplicits,
      requires: requires ? keys.map { graph.keyNames[$0] } : [], conditions: conditions,
      isStatic: function.typeName == nil || function.baseName == "init" ? nil : function.isStatic,
      file: planned.file)
  }

  /// Each sorted function's links, the bodies their steps are in where that is not the
  /// function's own (`stepFunctions`), the files the links point into (only those, in
  /// order; `nil` when no function has links) by summary index, the closure types
  /// their calls through closure values run (sorted), and each entry's part of both for
  /// the next run. The links' files and types are indices into those lists: renumbered
  /// here, once, not copied for each entry as it is written.
  ///
  /// With `kept`, only the entries it reprints are linked; the others' parts are the last
  /// run's (`nil` when one names a file that is gone). The linked entries' keys are
  /// collected into `functions` where they were not.
  ///
  /// Each function's links depend only on the solved graph, so runs of functions are
  /// linked on all cores (a tenth of the serial outputs' cost at 1,000 files before).
  private func linked(
    _ functions: inout [InterfacePlan.Planned], kept: EntryLinkFacts.Kept?
  ) -> ([[RequirementLink?]], [[String]?], [Int]?, [String], EntryLinkFacts)? {
    // By node index: most nodes are not interface functions, and a dictionary of
    // `NodeID`s was a tenth of the links' cost.
    var positions = [Int32](repeating: -1, count: graph.nodeCount)
    for (position, function) in functions.enumerated() { positions[function.node.index] = Int32(position) }
    let index = positions
    let run = 256
    let runs = (functions.count + run - 1) / run
    let parts = Slots<LinkedRun>(count: runs)
    let reprinted = kept?.reprinted
    let (all, ranks) = (functions, graph.keyRanks)
    DispatchQueue.concurrentPerform(iterations: runs) { part in
      let range = (part * run)..<min(all.count, (part + 1) * run)
      parts[part] = linked(all[range], index: index, only: reprinted.map { $0[range] }, ranks: ranks)
    }
    var tokens: [[RequirementLink?]] = []
    tokens.reserveCapacity(functions.count)
    var stepFunctions: [[String]?] = []
    stepFunctions.reserveCapacity(functions.count)
    var used: Set<Int> = []
    var throughClosures: [(function: Int, key: Int, type: String)] = []
    var facts = EntryLinkFacts()
    for part in 0..<runs {
      let linked = parts.take(part)!
      for (offset, keys) in linked.keys.enumerated() where keys != nil { functions[tokens.count + offset].keys = keys }
      throughClosures += linked.throughClosures.map { ($0.function + tokens.count, $0.key, $0.type) }
      for (function, file) in linked.otherFiles { facts.files += [function + tokens.count, file] }
      for function in linked.keyless { facts.keyless.append(function + tokens.count) }
      tokens += linked.tokens
      stepFunctions += linked.stepFunctions
      used.formUnion(linked.used)
    }
    var typed = throughClosures.map { (position: $0.function, type: $0.type) }
    if let kept, !kept.merge(into: &facts, typed: &typed, used: &used, functions) { return nil }
    facts.keyless.sort()
    facts.add(typed)
    // A few calls through closure values in a module: their types listed once, by index.
    let closureTypes = Set(typed.map(\.type)).sorted()
    for call in throughClosures {
      tokens[call.function][call.key]!.closureType = closureTypes.firstIndex(of: call.type)
    }
    guard !used.isEmpty else { return (tokens, stepFunctions, nil, closureTypes, facts) }
    let files = used.sorted()
    var renumbered = [Int](repeating: -1, count: (files.last ?? 0) + 1)
    for (position, file) in files.enumerated() { renumbered[file] = position }
    for function in tokens.indices {
      for link in tokens[function].indices {
        if let file = tokens[function][link]?.file { tokens[function][link]!.file = renumbered[file] }
      }
    }
    return (tokens, stepFunctions, files, closureTypes, facts)
  }

  /// The links of a run of sorted functions, with the files they use (summary indices).
  private struct LinkedRun {
    var tokens: [[RequirementLink?]] = []
    var stepFunctions: [[String]?] = []
    var used: Set<Int> = []
    /// The links (function in the run, key) that call through closure values of `type`.
    var throughClosures: [(function: Int, key: Int, type: String)] = []
    /// The files other than its own (summary indices) each function's links step into.
    var otherFiles: [(function: Int, file: Int)] = []
    /// Each function's keys, where they were collected here.
    var keys: [[Int]?] = []
    /// The linked functions that require nothing.
    var keyless: [Int] = []
  }

  /// - Parameter only: which of `functions` to link (`nil`: all); the others get no links.
  private func linked(
    _ functions: ArraySlice<InterfacePlan.Planned>, index: [Int32], only: ArraySlice<Bool>?, ranks: [Int]
  ) -> LinkedRun {
    var run = LinkedRun()
    run.keys.reserveCapacity(functions.count)
    run.tokens.reserveCapacity(functions.count)
    run.stepFunctions.reserveCapacity(functions.count)
    // Per file, where each contribution is made → the body making it; built for the few
    // files where a step is not in the function's own body.
    var origins: [Int: [SourceLoc: Int]] = [:]
    for (position, function) in zip(functions.indices, functions) {
      if let only, !only[position] {
        run.tokens.append([])
        run.stepFunctions.append(nil)
        run.keys.append(nil)
        continue
      }
      let keys = function.keys ?? graph.requirementKeys(of: function.node, ranks: ranks)
      run.keys.append(function.keys == nil ? keys : nil)
      if keys.isEmpty { run.keyless.append(run.tokens.count) }
      var others: [Int] = []
      // One pass over the keys, the names made only for steps in another body: arrays per
      // function and key were a third of the links' cost.
      var links: [RequirementLink?] = []
      links.reserveCapacity(keys.count)
      var bodies: [String]?
      for (position, key) in keys.enumerated() {
        // Unwrapped once: each `step?.…` copied the optional through the runtime.
        guard var step = link(of: key, from: function.node, home: function.file, index: index) else {
          links.append(nil)
          continue
        }
        defer { links.append(step.link) }
        if let file = step.link.file {
          run.used.insert(file)
          if !others.contains(file) { others.append(file) }
        }
        if let values = step.values { run.throughClosures.append((run.tokens.count, position, graph.closureValueTypes[values]!)) }
        guard step.node != function.node else { continue }
        let file = step.link.file ?? function.file
        let place = SourceLoc(file: Int32(file), line: Int32(step.link.line), column: Int32(step.link.column))
        if origins[file] == nil {
          origins[file] = Dictionary(self.files[file].contributions.map { ($0.location, $0.origin) }) { first, _ in first }
        }
        // A closure is named after the body it is written in; a bag's step is made by the
        // code that restores it.
        let name = origins[file]![place].map { self.files[file].nodes[$0].name } ?? graph[step.node].name
        let owner = BodyNode.owningBody(ofClosure: name)
        // A dependant's note says so: an escaping closure runs later, not with its function.
        step.link.inClosure = owner != nil
        let body = owner ?? name
        guard body != graph[function.node].name else { continue }
        if bodies == nil { bodies = Array(repeating: "", count: keys.count) }
        bodies![position] = body
      }
      if !links.isEmpty { run.used.insert(function.file) }
      for file in others { run.otherFiles.append((run.tokens.count, file)) }
      run.tokens.append(links)
      run.stepFunctions.append(bodies)
    }
    return run
  }

  /// The next step of `key` from `node`: the first call or read on its path, and the
  /// function reached there (this module's, by `index`, or a dependency's). Closures, bags,
  /// overload sets and closure parameters on the way are passed through: the call or read
  /// inside them is the step, and `node` is the one whose edge it is (`node` itself, or a
  /// closure or bag on the way), and the node of the closure values the step calls when it
  /// is such a call (`closureValueTypes` names their type: a `String` here made every link
  /// a copy through the runtime, +1 % instructions at 1,000 files). `nil` when the path
  /// leads nowhere a reader can follow.
  private func link(
    of id: Int, from node: NodeID, home: Int, index: [Int32]
  ) -> (link: RequirementLink, node: NodeID, values: NodeID?)? {
    var current = node
    var location: SourceLoc?
    // Paths through closures and bags are a few nodes long: most end at the first step,
    // and a list is allocated only for the longer ones.
    var visited: [NodeID] = []
    var first = true
    // The node whose edge is the step: `node`, or a closure written in another body.
    var stepNode = node
    // The closure values the step calls, when it calls some.
    var values: NodeID?
    func step(
      at place: SourceLoc?, _ callee: RequirementLink.Callee?
    ) -> (link: RequirementLink, node: NodeID, values: NodeID?)? {
      guard let place else { return nil }
      let file = Int(place.file)
      let link = RequirementLink(
        file: file == home ? nil : file, line: Int(place.line), column: Int(place.column), callee: callee)
      return (link, stepNode, values)
    }
    while first || (current != node && !visited.contains(current)), let edgeIndex = graph.requirement(id, of: current) {
      if !first { visited.append(current) }
      first = false
      let edge = graph.edge(edgeIndex, of: current)
      switch edge.role {
      case .call, .closureValueCall, .read, .storedProperty:
        if location == nil {
          stepNode = current
          values = nil
          // `.closureValueCall`, or `handler(request, scope)` through a stored property (`.call`).
          if !graph.closureValueTypes.isEmpty, case .node(let next) = edge.source, graph.closureValueTypes[next] != nil {
            values = next
          }
        }
        location = location ?? edge.location
      case .closure, .closureParameterCall, .bagCapture, .bagRestoredBy, .bagStored, .bagKept, .closureCopy: break
      }
      // The read itself: where the key is read, even inside a closure called on the way.
      guard case .node(let next) = edge.source else {
        if edge.location != nil {
          stepNode = current
          values = nil
        }
        return step(at: edge.location ?? location, nil)
      }
      if index[next.index] >= 0 { return step(at: location, .local(Int(index[next.index]))) }
      if let callee = graph.dependencyChains.function(of: next) {
        return step(at: location, .external(module: callee.module, index: callee.index))
      }
      current = next
    }
    return nil
  }

  /// The order of the key `type \0 name \0 flags \0 requires`, where flags spell each
  /// parameter's `scope`, `defaulted`, `closure`, `escaping` and `scopeClosure` as
  /// `true`/`false`, compared without building that key: most pairs differ by type or name.
  static func precedes(_ a: ModuleInterface.Function, _ b: ModuleInterface.Function) -> Bool {
    let (typeA, typeB) = (a.type ?? "", b.type ?? "")
    if typeA != typeB { return typeA < typeB }
    if a.name != b.name { return a.name < b.name }
    // Spelled flags compare as the flags do (`false` < `true`), and a shorter list first.
    let (flagsA, flagsB) = (a.parameters.flatMap(flags), b.parameters.flatMap(flags))
    if flagsA != flagsB { return flagsA.lexicographicallyPrecedes(flagsB) { !$0 && $1 } }
    // Keys may contain `,` (generic arguments): compare them joined, as the key does.
    let (requiresA, requiresB) = (a.requires.joined(separator: ","), b.requires.joined(separator: ","))
    if requiresA != requiresB { return requiresA < requiresB }
    // Private functions of the same name in different files.
    return (a.file ?? 0) < (b.file ?? 0)
  }

  /// Value functions by type, name, parameters (by label, then `defaulted` and
  /// `variadic`, `false` first; a shorter list first), then return type: a total order.
  private static func precedes(_ a: ModuleInterface.ValueFunction, _ b: ModuleInterface.ValueFunction) -> Bool {
    let (typeA, typeB) = (a.type ?? "", b.type ?? "")
    if typeA != typeB { return typeA < typeB }
    if a.name != b.name { return a.name < b.name }
    let parameters = { (p: ModuleInterface.Parameter) in (p.label ?? "_", [p.defaulted, p.variadic ?? false]) }
    let (parametersA, parametersB) = (a.parameters.map(parameters), b.parameters.map(parameters))
    if !parametersA.elementsEqual(parametersB, by: ==) {
      return parametersA.lexicographicallyPrecedes(parametersB) { p, q in
        p.0 != q.0 ? p.0 < q.0 : p.1.lexicographicallyPrecedes(q.1) { !$0 && $1 }
      }
    }
    return a.returns < b.returns
  }

  /// Closure functions by every field: type, name, parameters (by label, then flags,
  /// `false` first, then the scope's position and what a root scope declares; a shorter
  /// list first), access, then free functions and initializers, instance members, static
  /// ones, then not known to be `async`, synchronous, `async`: a total order.
  private static func precedes(_ a: ModuleInterface.ClosureFunction, _ b: ModuleInterface.ClosureFunction) -> Bool {
    let (typeA, typeB) = (a.type ?? "", b.type ?? "")
    if typeA != typeB { return typeA < typeB }
    if a.name != b.name { return a.name < b.name }
    if a.parameters != b.parameters { return a.parameters.lexicographicallyPrecedes(b.parameters, by: precedes) }
    if a.access != b.access { return a.access < b.access }
    let rank = { (flag: Bool?) in flag.map { $0 ? 2 : 1 } ?? 0 }
    if rank(a.isStatic) != rank(b.isStatic) { return rank(a.isStatic) < rank(b.isStatic) }
    return rank(a.isAsync) < rank(b.isAsync)
  }

  private static func precedes(_ p: ModuleInterface.Parameter, _ q: ModuleInterface.Parameter) -> Bool {
    let (labelP, labelQ) = (p.label ?? "_", q.label ?? "_")
    if labelP != labelQ { return labelP < labelQ }
    let (flagsP, flagsQ) = (flags(p) + [p.variadic ?? false], flags(q) + [q.variadic ?? false])
    if flagsP != flagsQ { return flagsP.lexicographicallyPrecedes(flagsQ) { !$0 && $1 } }
    if p.scopePosition != q.scopePosition { return (p.scopePosition ?? 0) < (q.scopePosition ?? 0) }
    // Absent first, then by the keys, joined as the key compares them.
    let (declaresP, declaresQ) = (p.rootScopeDeclares?.joined(separator: ","), q.rootScopeDeclares?.joined(separator: ","))
    guard let declaresQ else { return false }
    guard let declaresP else { return true }
    return declaresP < declaresQ
  }

  private static func flags(_ p: ModuleInterface.Parameter) -> [Bool] {
    [p.scope, p.defaulted, p.closure, p.escaping, p.scopeClosure ?? false]
  }
}
#endif
