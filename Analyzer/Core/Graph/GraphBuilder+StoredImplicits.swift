#if ImplicitsAnalysis
extension GraphBuilder {
  /// `init(_ scope:)` reads every stored `@Implicit` property and captures every stored bag.
  mutating func attachStoredImplicits() {
    struct TypeFacts {
      var location: SourceLoc?
      var stored: [StoredImplicit] = []
      var bags: [(NodeID, SourceLoc)] = []
      var initializers: [NodeID] = []
      /// How the first stored bag is captured, for the message.
      var bagSpelling: String?
    }
    var types: [String: TypeFacts] = [:]
    for (file, summary) in summaries {
      for type in summary.declarations.types {
        var facts = types[type.name] ?? TypeFacts()
        if !type.isExtension || facts.location == nil { facts.location = type.location }
        facts.stored += type.storedImplicits
        facts.bags += type.bagProperties.map { (fileNodes[file.index].bags[$0.site], summary.bagSites[$0.site].location) }
        facts.bagSpelling = facts.bagSpelling ?? type.bagProperties.first.map {
          summary.bagSites[$0.site].wrapper ?? summary.bagSites[$0.site].capture.spelling
        }
        types[type.name] = facts
      }
      for function in summary.declarations.functions where function.baseName == "init" && function.isImplicit {
        if let type = function.typeName { types[type, default: TypeFacts()].initializers.append(fileNodes[file.index].bodies[function.node]) }
      }
    }
    for name in types.keys.sorted() {
      let facts = types[name]!
      guard !facts.stored.isEmpty || !facts.bags.isEmpty else { continue }
      if facts.initializers.isEmpty, let location = facts.location {
        let bagSpelling = facts.stored.isEmpty ? facts.bagSpelling ?? BagCapture.macro.spelling : nil
        diagnostics.append(.error(
          .typeWithoutScopeInit, PassMessages.typeWithoutScopeInit(name, bagSpelling: bagSpelling), at: location))
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
  }
}
#endif
