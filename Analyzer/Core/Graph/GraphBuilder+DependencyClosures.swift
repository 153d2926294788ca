#if ImplicitsAnalysis
/// Scope-taking closures handed to a dependency that keeps them, charged where the
/// dependency runs them.
///
/// `router.on("/cart") { path, scope in … }` gives `Router` a closure it stores and runs
/// later, in `Router.handle(_:_:)`, with the scope `handle`'s caller passes. The closure
/// needs nothing where it is made (`dependencyKeptClosures`); the dependency's interface
/// says which of its functions call closure values, and of which types
/// (`ModuleInterface.closureRunners`). So each call of such a function needs what the
/// closures of those types handed to that dependency need: one node per dependency and
/// type stands for them, with an edge to each of its runner functions' nodes, and each
/// kept closure of a matching shape joins it. As within one module
/// (`GraphBuilder+ClosureValues`), a written-out type (`(_, ImplicitScope)`) joins the
/// closures of its number of parameters and scope position handed to any of the
/// dependency's functions that keep them and those assigned to its properties (calls
/// through values of no alias run them within one module too: `flow.steps.append { scope
/// in … }` where `run` calls `step(scope)`), and a stored property's (`Router#onRoute`)
/// the closures assigned to that property. A dependency's alias (`Handler`) stands for the
/// shape its interface gives it (`closureAliases`), and for the closures assigned to the
/// dependency's properties of that alias (`router.onRoute = { … }` for `var onRoute:
/// Handler?`).
extension GraphBuilder {
  /// `type|name|isStatic` of each of `interface`'s closure runners → the types it runs.
  static func closureRunners(of interface: ModuleInterface) -> [String: [String]] {
    var runners: [String: [String]] = [:]
    for runner in interface.closureRunners ?? [] {
      runners[runnerKey(type: runner.type, name: runner.name, isStatic: runner.isStatic)] = runner.types
    }
    return runners
  }

  static func runnerKey(type: String?, name: String, isStatic: Bool?) -> String {
    (type ?? "") + "|" + name + "|" + (isStatic.map { $0 ? "static" : "instance" } ?? "")
  }

  /// Joins each closure kept by a dependency to the functions of that dependency that run
  /// closures of its shape (or of the property it is stored into).
  mutating func joinDependencyKeptClosures() {
    guard !dependencyRunners.isEmpty else { return }
    var nodes: [String: NodeID] = [:]
    for member in closureValueMembers {
      let module = dependencyKeptClosures[member.closure]
      let property = member.alias.flatMap { ScopeClosureAliases.storedProperty($0) == nil ? nil : $0 }
      guard module != nil || property != nil else { continue }
      // `router.onRoute = { … }` for `var onRoute: Handler?`: what runs values of `Handler`.
      let aliasTyped = property.flatMap { dependencyAliasProperties[$0] }
      // `flow.steps.append { scope in … }`: also what runs values of a type written out
      // (`for step in steps { step(scope) }`), as calls through values of no alias do within
      // one module.
      let owner = property.flatMap { dependencyPropertyModules[$0] }
      for runner in dependencyRunners.sorted(by: { $0.key < $1.key }).map(\.value) {
        guard property != nil || runner.module == module else { continue }
        for type in runner.types {
          if let property, type == property || (aliasTyped?.module == runner.module && aliasTyped?.alias == type) {
            // Assigned to the property whose closures `type` runs.
          } else {
            guard property == nil || owner == runner.module,
              let shape = Self.writtenOutShape(type) ?? (property == nil ? dependencyAliasShapes[runner.module + "|" + type] : nil),
              shape.scopePosition == member.scopePosition, member.arity == nil || member.arity == shape.arity
            else { continue }
          }
          let key = runner.module + "|" + type
          let kept: NodeID
          if let node = nodes[key] {
            kept = node
          } else {
            kept = graph.addNode(.init(
              kind: .closure(file: nil, scopeParameter: nil), name: "closures kept by \(runner.module) of type '\(type)'"))
            nodes[key] = kept
            for (runs, other) in dependencyRunners.sorted(by: { $0.key < $1.key })
            where other.module == runner.module && other.types.contains(type) {
              graph.addEdge(to: runs, from: .node(kept), location: nil, role: .closureValueCall(type: type))
            }
          }
          graph.addEdge(to: kept, from: .node(member.closure), location: member.location, role: .closure)
        }
      }
    }
  }

  /// The number of parameters and the scope's position of a type the graph spells
  /// `(_, ImplicitScope)`; `nil` for an alias or a property.
  private static func writtenOutShape(_ type: String) -> (arity: Int, scopePosition: Int)? {
    guard type.hasPrefix("("), type.hasSuffix(")") else { return nil }
    let names = type.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
      .map { String($0.filter { $0 != " " }) }
    guard let position = names.firstIndex(of: ScopeType.name) else { return nil }
    return (names.count, position)
  }
}
#endif
