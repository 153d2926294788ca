#if ImplicitsAnalysis
/// Middleware chains unrolled per call (`ComposedChain`).
///
/// `chain(request, scope)` with `let chain = [logging, authentication].reversed()
/// .reduce(route) { next, layer in { request, scope in layer(request, scope, next) } }` runs
/// `logging` whose `next` runs `authentication` whose `next` runs `route`. Through values,
/// every `next(request, scope)` in a middleware needs what any closure of its type needs:
/// the handler behind the middleware that declares its key included, a false error. Here
/// each layer gets a copy of its closure constant's node for this call, with the calls of
/// its `next` parameter (recorded by `addClosureValueCall`, masked by what the layer
/// declares around them) taking the step inside it instead of every closure of the type;
/// the outermost copy is required by the caller at the call.
///
/// A layer that is not a closure constant of the module found by its name, of the arity
/// and scope position the step passes, or a chain longer than `composedChainLimit`, leaves
/// the call a call through a value (more than needed, never less). A `next` the layer does
/// something else with than call it in its own body (passes it on, calls it in a nested
/// closure) keeps that use's edges as they are, through every closure of its type.
extension GraphBuilder {
  /// One unrolled call, resolved: the layers' constant nodes, innermost first.
  struct ComposedChainCall {
    var layers: [(node: NodeID, name: String)]
    var route: NodeID
    var routeName: String
    var nextPosition: Int
    var caller: NodeID
    var mask: [Int]
    var location: SourceLoc
  }

  /// The most layers a chain may have: middleware lists are a handful long.
  static let composedChainLimit = 16

  /// `chain(request, scope)`: unrolled at the end (`instantiateComposedChains`), or a call
  /// through a value of `shape` if some part is not known.
  mutating func addComposedChainCall(
    _ chain: ComposedChain, _ shape: ClosureShape, tentative: Int?, origin: Int, file: FileID,
    to target: NodeID, mask: [Int], location: SourceLoc
  ) {
    let body = fileNodes[file.index].bodies[origin]
    // An untyped closure parameter is a scope only where the closure is given one.
    if let tentative, scopeClosurePositions[body]?.contains(tentative) != true { return }
    guard let layers = layers(of: chain, shape, file: file, callerType: files[file.index].nodes[origin].typeName) else {
      addClosureValueCall(shape, parameter: nil, tentative: nil, origin: origin, file: file, to: target, mask: mask, location: location)
      return
    }
    composedChainCalls.append(ComposedChainCall(
      layers: layers, route: fileNodes[file.index].bodies[chain.route], routeName: chain.routeName,
      nextPosition: chain.nextPosition, caller: target, mask: mask, location: location))
  }

  /// Each layer's closure constant, innermost first; `nil` unless every one is found and
  /// takes the route's parameters with `next` where the step passes it.
  private func layers(
    of chain: ComposedChain, _ shape: ClosureShape, file: FileID, callerType: String?
  ) -> [(node: NodeID, name: String)]? {
    guard chain.layers.count <= Self.composedChainLimit,
      files[file.index].nodes[chain.route].closureArity == shape.arity,
      scopeClosurePositions[fileNodes[file.index].bodies[chain.route]] == [shape.scopePosition]
    else { return nil }
    let layerScope = shape.scopePosition < chain.nextPosition ? shape.scopePosition : shape.scopePosition + 1
    var layers: [(node: NodeID, name: String)] = []
    for layer in chain.layers {
      let names = layer.type.map { [$0 + "." + layer.name] } ?? ((callerType.map { [$0 + "." + layer.name] } ?? []) + [layer.name])
      guard let found = names.lazy.compactMap({ self.closureConstant(named: $0, from: file) }).first,
        found.arity == shape.arity + 1,
        scopeClosurePositions[found.node] == [layerScope], !graph[found.node].isDetached
      else { return nil }
      layers.append((found.node, found.name))
    }
    return layers
  }

  /// The closure constant a call from `file` names `name` (`Type.name` or a global), if
  /// exactly one.
  private func closureConstant(named name: String, from file: FileID) -> (node: NodeID, arity: Int, name: String)? {
    let visible = (closureConstantNodes[name] ?? []).filter { $0.privateFile == nil || $0.privateFile == file }
    guard visible.count == 1 else { return nil }
    return (visible[0].node, visible[0].arity, name)
  }

  /// After every other edge is in: a copy of each layer's node per call.
  mutating func instantiateComposedChains() {
    for call in composedChainCalls {
      var inner = call.route
      var innerName = call.routeName
      for layer in call.layers {
        let copy = graph.addNode(.init(
          kind: .closure(file: nil, scopeParameter: nil), name: graph[layer.node].name, location: graph[layer.node].location))
        let nextCalls = Set((constantParameterCalls[layer.node] ?? []).filter { $0.parameter == call.nextPosition }.map(\.edge))
        for (index, edge) in graph[layer.node].edges.enumerated() {
          if nextCalls.contains(index) {
            // `next(request, scope)`: runs the step inside this layer, with what the layer
            // declares around the call.
            graph.addEdge(to: copy, from: .node(inner), mask: edge.mask, location: edge.location, role: .call(innerName))
          } else {
            graph.addEdge(to: copy, from: edge.source, mask: edge.mask, location: edge.location, role: edge.role)
          }
        }
        inner = copy
        innerName = layer.name
      }
      graph.addEdge(to: call.caller, from: .node(inner), mask: call.mask, location: call.location, role: .call(innerName))
    }
  }
}
#endif
