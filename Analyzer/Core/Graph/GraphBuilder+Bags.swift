#if ImplicitsAnalysis
/// Bags in the graph: a bag site's node requires what the code that restores the bag
/// needs. Linked once every call is resolved: a bag passed to a function is restored
/// where that function restores its parameter.
extension GraphBuilder {
  /// A stored bag assigned in bodies (`self.implicits = #implicits` in each initializer)
  /// is one node that restores of the property need; every assignment captures what it
  /// needs. One assigned an `Implicits` parameter (`self.implicits = implicits`) makes
  /// that parameter need it, so what the property's restores need flows to the bag each
  /// caller hands the function.
  mutating func linkAssignedBags(_ assigned: [AssignedBag], file: FileID) {
    for bag in assigned {
      let property = bagProperty(bag.name, of: bag.type, at: bag.location)
      switch bag.bag {
      case .site(let index):
        let site = fileNodes[file.index].bags[index]
        guard property != site else { continue }
        graph.addEdge(to: site, from: .node(property), location: bag.location, role: .bagStored(property: "\(bag.type).\(bag.name)"))
        assignedBagSites.append((site, property))
        bagForwards.append((site, property))
      case .parameter:
        guard let parameter = resolve(bag.bag, file: file, at: nil) else { continue }
        graph.addEdge(to: parameter, from: .node(property), location: bag.location, role: .bagKept(property: "\(bag.type).\(bag.name)", by: nil))
        keptBagParameters[parameter] = "\(bag.type).\(bag.name)"
        bagForwards.append((parameter, property))
      case .property, .empty, .unknown:
        continue
      }
    }
  }

  /// The node of stored bag property `name` of `type`, made on first use.
  mutating func bagProperty(_ name: String, of type: String, at location: SourceLoc?) -> NodeID {
    if let known = bagProperties[type]?[name] { return known }
    let property = graph.addNode(.init(
      kind: .bag(site: "property \(type).\(name)"), name: "stored bag '\(name)' of \(type)", location: location))
    bagProperties[type, default: [:]][name] = property
    return property
  }

  mutating func resolve(_ reference: BagReference, file: FileID, at location: SourceLoc?) -> NodeID? {
    switch reference {
    case .site(let site): return fileNodes[file.index].bags[site]
    case .parameter(let function, let index):
      let key = Parameter(function: fileNodes[file.index].bodies[function], index: index)
      if let node = bagParameterNodes[key] { return node }
      let function = graph[key.function]
      let node = graph.addNode(.init(
        kind: .bag(site: "parameter \(index + 1)"), name: "bag parameter \(index + 1) of \(function.name)",
        location: function.location))
      bagParameterNodes[key] = node
      return node
    case .property(let type, let name):
      // A screen's base class keeps the bag its initializer captured; the subclasses'
      // overrides restore it.
      if let node = bagProperties[type]?[name] { return node }
      for owner in symbols.superclassChain(of: type) {
        if let node = bagProperties[owner]?[name] { return node }
      }
      if let location { reportUnknownBag(name, at: location) }
      return nil
    case .unknown(let name):
      if let location { reportUnknownBag(name, at: location) }
      return nil
    case .empty:
      return nil
    }
  }

  /// A bag passed to a function of the module that restores that parameter captures what
  /// the restoring code needs. Passed anywhere else (a callee the analyzer cannot see, or
  /// one that keeps the bag for later), it captures everything visible.
  mutating func link(_ pass: BagPass, file: FileID) {
    guard let bag = resolve(pass.bag, file: file, at: nil) else { return }
    restoredBags.insert(bag)
    let candidates = symbols.candidates(for: pass.call, file: file)
    if candidates.isEmpty {
      // A struct's memberwise `init` stores the bag in the property of the argument's label.
      if let type = symbols.memberwiseInitType(pass.call), let label = pass.call.labels[pass.argument],
        let property = bagProperties[type]?[label]
      {
        guard property != bag else { return }
        let name = "\(type).\(label)"
        graph.addEdge(to: bag, from: .node(property), location: pass.call.location, role: .bagKept(property: name, by: calledName(pass.call, file: file)))
        bagForwards.append((bag, property))
        return
      }
      captureAllBags.insert(bag)
    }
    for index in candidates {
      guard let parameter = symbols.binding(of: pass.call, to: index)?[pass.argument],
        let restored = bagParameterNodes[Parameter(function: symbols.callables[index].node, index: parameter)]
      else {
        captureAllBags.insert(bag)
        continue
      }
      let function = calledName(pass.call, file: file)
      let role: RequirementGraph.Role = keptBagParameters[restored].map { .bagKept(property: $0, by: function) }
        ?? .bagRestoredBy(function)
      graph.addEdge(to: bag, from: .node(restored), location: pass.call.location, role: role)
      bagForwards.append((bag, restored))
    }
  }

  /// `replay(from: Implicits())`: the callee restores a bag that holds nothing, so what the
  /// restoring code needs is unmet at this call, as at an entry point.
  mutating func linkEmptyBag(_ pass: BagPass, file: FileID) {
    var entry: NodeID?
    for index in symbols.candidates(for: pass.call, file: file) {
      guard let parameter = symbols.binding(of: pass.call, to: index)?[pass.argument],
        let restored = bagParameterNodes[Parameter(function: symbols.callables[index].node, index: parameter)]
      else { continue }
      let node = entry ?? graph.addNode(.init(
        kind: .entry(restoresEmptyBag: true), name: "entry point", location: pass.call.location))
      if entry == nil { fileNodes[file.index].entries.append(node) }
      entry = node
      graph.addEdge(to: node, from: .node(restored), location: pass.call.location, role: .call(calledName(pass.call, file: file)))
    }
  }

  /// `var implicits = Implicits()` kept by a type that may restore it before anything is
  /// captured into it: what the restores need, the empty bag does not hold. Reported there
  /// as a scope restored from an empty bag.
  mutating func checkEmptyBagDefaults() {
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for index in files.indices {
      let file = FileID(index)
      for type in files[index].declarations.types where !type.emptyBagDefaults.isEmpty {
        for (name, location) in type.emptyBagDefaults {
          guard let property = bagProperties[type.name]?[name], restoredBags.contains(property) else { continue }
          let entry = graph.addNode(.init(kind: .entry(restoresEmptyBag: true), name: "entry point", location: location))
          fileNodes[file.index].entries.append(entry)
          graph.addEdge(to: entry, from: .node(property), location: location, role: .bagKept(property: type.name + "." + name, by: nil))
        }
      }
    }
  }

  /// A bag forwarded to a parameter that captures everything captures everything too.
  mutating func spreadCaptureAll() {
    var changed = true
    while changed {
      changed = false
      for (bag, parameter) in bagForwards where captureAllBags.contains(parameter) && !captureAllBags.contains(bag) {
        captureAllBags.insert(bag)
        changed = true
      }
    }
  }

  mutating func reportUnknownBag(_ name: String, at location: SourceLoc) {
    diagnostics.append(.error(.bagUnknown, PassMessages.unknownBag(name), at: location))
  }
}
#endif
