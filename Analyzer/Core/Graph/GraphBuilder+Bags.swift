#if ImplicitsAnalysis
/// Bags in the graph: a bag site's node requires what the code that restores the bag
/// needs. Linked once every call is resolved: a bag passed to a function is restored
/// where that function restores its parameter.
extension GraphBuilder {
  /// A stored bag assigned in bodies (`self.implicits = #implicits` in each initializer)
  /// is one node that restores of the property need; every assignment captures what it needs.
  mutating func linkAssignedBags(_ assigned: [AssignedBag], file: FileID) {
    for bag in assigned {
      let site = fileNodes[file.index].bags[bag.site]
      let location = files[file.index].bagSites[bag.site].location
      let property: NodeID
      if let known = bagProperties[bag.type]?[bag.name] {
        property = known
      } else {
        property = graph.addNode(.init(
          kind: .bag(site: "property \(bag.type).\(bag.name)"), name: "stored bag '\(bag.name)' of \(bag.type)",
          location: location))
        bagProperties[bag.type, default: [:]][bag.name] = property
      }
      guard property != site else { continue }
      graph.addEdge(to: site, from: .node(property), location: location, role: .bagStored(property: "\(bag.type).\(bag.name)"))
      assignedBagSites.append((site, property))
      bagForwards.append((site, property))
    }
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
      if let node = bagProperties[type]?[name] { return node }
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
    if candidates.isEmpty { captureAllBags.insert(bag) }
    for index in candidates {
      guard let parameter = symbols.binding(of: pass.call, to: index)?[pass.argument],
        let restored = bagParameterNodes[Parameter(function: symbols.callables[index].node, index: parameter)]
      else {
        captureAllBags.insert(bag)
        continue
      }
      graph.addEdge(to: bag, from: .node(restored), location: pass.call.location, role: .bagRestoredBy(calledName(pass.call, file: file)))
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
