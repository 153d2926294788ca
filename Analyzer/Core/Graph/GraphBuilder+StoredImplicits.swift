#if ImplicitsAnalysis
extension GraphBuilder {
  /// What `init(_ scope:)` of a type reads and captures: its stored `@Implicit`
  /// properties and stored bags, from every declaration and extension of it.
  struct StoredImplicitsOfType {
    var name: String
    var location: SourceLoc?
    var stored: [StoredImplicit] = []
    var bags: [(NodeID, SourceLoc)] = []
    var initializers: [NodeID] = []
    /// How the first stored bag is captured, for the message.
    var bagSpelling: String?
  }

  /// The types that store an `@Implicit` or a bag, by name: read from the summaries and the
  /// nodes alone, so it is done while the other thread indexes the module's symbols
  /// (`GraphBuilder.build`); `attachStoredImplicits` adds the edges later, in their place.
  mutating func collectStoredImplicits() {
    var types: [String: StoredImplicitsOfType] = [:]
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for index in files.indices {
      let nodes = fileNodes[index]
      for type in files[index].declarations.types {
        var facts = types[type.name] ?? StoredImplicitsOfType(name: type.name)
        if !type.isExtension || facts.location == nil { facts.location = type.location }
        facts.stored += type.storedImplicits
        facts.bags += type.bagProperties.map { (nodes.bags[$0.site], files[index].bagSites[$0.site].location) }
        facts.bagSpelling = facts.bagSpelling ?? type.bagProperties.first.map {
          files[index].bagSites[$0.site].wrapper ?? files[index].bagSites[$0.site].capture.spelling
        }
        types[type.name] = facts
      }
      // By index too: a `FunctionDecl` copied out is a dozen retains, for every function.
      for function in files[index].declarations.functions.indices
      where files[index].declarations.functions[function].baseName == "init"
        && files[index].declarations.functions[function].isImplicit
      {
        if let type = files[index].declarations.functions[function].typeName {
          types[type, default: StoredImplicitsOfType(name: type)].initializers.append(
            nodes.bodies[files[index].declarations.functions[function].node])
        }
      }
    }
    storedImplicitTypes = types.values.filter { !$0.stored.isEmpty || !$0.bags.isEmpty }.sorted { $0.name < $1.name }
  }

  /// `init(_ scope:)` reads every stored `@Implicit` property and captures every stored bag.
  mutating func attachStoredImplicits() {
    for var facts in storedImplicitTypes {
      facts.initializers += inheritedInitializerNodes[facts.name] ?? []
      if facts.initializers.isEmpty, let location = facts.location {
        let bagSpelling = facts.stored.isEmpty ? facts.bagSpelling ?? BagCapture.macro.spelling : nil
        diagnostics.append(.error(
          .typeWithoutScopeInit, PassMessages.typeWithoutScopeInit(facts.name, bagSpelling: bagSpelling), at: location))
        continue
      }
      for initializer in facts.initializers {
        for stored in facts.stored {
          graph.addEdge(to: initializer, from: .key(graph.key(stored.key)), location: stored.location, role: .storedProperty)
        }
        for (bag, location) in facts.bags {
          graph.addEdge(to: initializer, from: .node(bag), location: location, role: .bagCapture)
        }
      }
    }
    storedImplicitTypes = []
  }
}
#endif
