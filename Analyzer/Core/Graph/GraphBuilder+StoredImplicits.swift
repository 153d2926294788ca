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
    types.reserveCapacity(files.reduce(0) { $0 + $1.declarations.types.count })
    // Indexed, not iterated: a summary or a `TypeDecl` copied out is a dozen retains. Each
    // type's facts are changed in place (`[_, default:]`), not copied out and back, which
    // copied their arrays too.
    for index in files.indices {
      let nodes = fileNodes[index]
      let (declared, sites) = (files[index].declarations.types, files[index].bagSites)
      for type in declared.indices {
        let name = declared[type].name
        Self.add(declared[type], bags: nodes.bags, sites: sites, to: &types[name, default: StoredImplicitsOfType(name: name)])
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

  /// One declaration or extension of a type, into what its `init(_ scope:)` reads and captures.
  private static func add(
    _ type: TypeDecl, bags: [NodeID], sites: [BagSite], to facts: inout StoredImplicitsOfType
  ) {
    if !type.isExtension || facts.location == nil { facts.location = type.location }
    facts.stored += type.storedImplicits
    facts.bags += type.bagProperties.map { (bags[$0.site], sites[$0.site].location) }
    facts.bagSpelling = facts.bagSpelling ?? type.bagProperties.first.map {
      sites[$0.site].wrapper ?? sites[$0.site].capture.spelling
    }
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
