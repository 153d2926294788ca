#if ImplicitsAnalysis
extension GraphBuilder {
  /// `init(_ scope:)` reads every stored `@Implicit` property and captures every stored bag.
  mutating func attachStoredImplicits() {
    struct TypeFacts {
      var location: SourceLoc?
      var stored: [StoredImplicit] = []
      var bags: [(Int, SourceLoc)] = []
      var initializers: [Int] = []
      /// How the first stored bag is captured, for the message.
      var bagSpelling: String?
    }
    var types: [String: TypeFacts] = [:]
    for (file, summary) in files.enumerated() {
      for type in summary.types {
        var facts = types[type.name] ?? TypeFacts()
        if !type.isExtension || facts.location == nil { facts.location = type.location }
        facts.stored += type.storedImplicits
        facts.bags += type.bagProperties.map { (bagNodes[file][$0.site], summary.bagSites[$0.site].location) }
        facts.bagSpelling = facts.bagSpelling ?? type.bagProperties.first.map {
          summary.bagSites[$0.site].wrapper ?? summary.bagSites[$0.site].capture.spelling
        }
        types[type.name] = facts
      }
      for function in summary.functions where function.baseName == "init" && function.isImplicit {
        if let type = function.typeName { types[type, default: TypeFacts()].initializers.append(bodyNodes[file][function.node]) }
      }
    }
    for name in types.keys.sorted() {
      let facts = types[name]!
      guard !facts.stored.isEmpty || !facts.bags.isEmpty else { continue }
      if facts.initializers.isEmpty, let location = facts.location {
        let what = facts.stored.isEmpty
          ? "stores a bag captured with '\(facts.bagSpelling ?? BagCapture.macro.spelling)'" : "has stored '@Implicit' properties"
        diagnostics.append(.error(
          .typeWithoutScopeInit, "type '\(name)' \(what) but no 'init(_ scope: ImplicitScope)' to read them from",
          at: location))
        continue
      }
      for initializer in facts.initializers {
        for stored in facts.stored {
          graph.nodes[initializer].edges.append(.init(
            source: .key(graph.key(stored.key)), mask: [], location: stored.location, role: .storedProperty))
        }
        for (bag, location) in facts.bags {
          graph.nodes[initializer].edges.append(.init(source: .node(bag), mask: [], location: location, role: .bagCapture))
        }
      }
    }
  }
}
#endif
