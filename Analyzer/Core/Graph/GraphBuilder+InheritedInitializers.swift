#if ImplicitsAnalysis
extension GraphBuilder {
  /// A node for each initializer a subclass inherits (`SymbolTable+InheritedInitializers`
  /// made their callables, after the dependencies'): it runs the superclass's, so it needs
  /// what that needs, and `attachStoredImplicits` adds the subclass's stored implicits.
  /// Placed at the subclass's declaration, which is where its notes point: the subclass
  /// writes no initializer there.
  /// - Returns: each such callable with its node, for the caller to place in the table.
  mutating func placeInheritedInitializers(from first: Int) -> [(callable: Int, node: NodeID)] {
    guard first < symbols.callables.count else { return [] }
    var placed: [(callable: Int, node: NodeID)] = []
    var locations: [String: SourceLoc] = [:]
    for subclass in symbols.subclasses where locations[subclass.name] == nil { locations[subclass.name] = subclass.location }
    for index in first..<symbols.callables.count {
      let callable = symbols.callables[index]
      guard let inherited = callable.inherits, let type = callable.typeName else { continue }
      let location = locations[type]
      let node = graph.addNode(.init(kind: .inheritedInitializer, name: callable.qualifiedName, location: location))
      placed.append((index, node))
      inheritedInitializerNodes[type, default: []].append(node)
      // A parent made here too (`C: B: A`) comes first, and is not in the table yet.
      let parent = symbols.callables[inherited]
      let parentNode = inherited >= first ? placed.first { $0.callable == inherited }?.node ?? parent.node : parent.node
      graph.addEdge(to: node, from: .node(parentNode), location: location, role: .call(parent.qualifiedName))
    }
    return placed
  }
}
#endif
