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
    /// The route is a closure literal passed at the call (`constantCallsWithNext`), not a
    /// chain's named handler.
    var routeIsLiteral = false
  }

  /// A closure literal passed for the parameter a closure constant calls as `next`, at a
  /// call of the constant by name: the literal (its node) and where it is passed.
  struct LiteralNext {
    var constant: NodeID
    var closure: NodeID
    var position: Int
  }

  /// `Layers.authentication(request, scope, { request, scope in … })`: a closure constant
  /// called by name with a closure literal for the parameter it calls as `next` (found
  /// before the edges, so that the literal is neither run in place nor left untyped). The
  /// call is a chain of one layer around the literal: the constant's `next(request, scope)`
  /// runs the literal, with what the constant declares around it, rather than every closure
  /// of `next`'s type; and the literal does not run where it is written. A constant that
  /// calls `next` with another scope position or arity than the literal takes, or a call
  /// with several candidates, stays as it was.
  mutating func findConstantCallsWithNext() {
    guard !closureConstantNodes.isEmpty else { return }
    var constants: [NodeID: (file: FileID, index: Int)] = [:]
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for file in files.indices {
      for index in files[file].nodes.indices where files[file].nodes[index].constant != nil {
        constants[fileNodes[file].bodies[index]] = (FileID(file), index)
      }
    }
    var nextShapes: [NodeID: [Int: Set<ClosureShape>]] = [:]
    for index in files.indices {
      let file = FileID(index)
      for contribution in files[index].contributions {
        guard case .closure(let node, .argument(let site, let argument, false)) = contribution.source else { continue }
        let candidates = symbols.candidates(for: site, file: file)
        guard candidates.count == 1, let home = constants[symbols.callables[candidates[0]].node],
          let position = symbols.binding(of: site, to: candidates[0])?[argument]
        else { continue }
        let constant = symbols.callables[candidates[0]].node
        if nextShapes[constant] == nil {
          var shapes: [Int: Set<ClosureShape>] = [:]
          for call in files[home.file.index].contributions where call.origin == home.index {
            // An untyped parameter is the scope only where the constant is given one.
            guard case .closureValue(let shape, let parameter?, let tentative) = call.source,
              tentative.map({ scopeClosurePositions[constant]?.contains($0) == true }) ?? true
            else { continue }
            shapes[parameter, default: []].insert(shape)
          }
          nextShapes[constant] = shapes
        }
        let literal = fileNodes[file.index].bodies[node]
        guard let shapes = nextShapes[constant]?[position], shapes.count == 1, let shape = shapes.first,
          files[file.index].nodes[node].closureArity == shape.arity, scopeClosureArguments[literal] == nil
        else { continue }
        scopeClosurePositions[literal] = [shape.scopePosition]
        literalNexts[site.location] = LiteralNext(constant: constant, closure: literal, position: position)
        boundLiterals.insert(literal)
      }
    }
  }

  /// The call of a closure constant found by `findConstantCallsWithNext`: unrolled with the
  /// chains (`instantiateComposedChains`).
  mutating func addConstantCallWithNext(
    _ next: LiteralNext, constant: NodeID, name: String, caller: NodeID, mask: [Int], location: SourceLoc
  ) {
    composedChainCalls.append(ComposedChainCall(
      layers: [(constant, name)], route: next.closure, routeName: "", nextPosition: next.position,
      caller: caller, mask: mask, location: location, routeIsLiteral: true))
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
        graph.copies[copy] = .init(original: layer.node, site: call.location)
        let nextCalls = Set((constantParameterCalls[layer.node] ?? []).filter { $0.parameter == call.nextPosition }.map(\.edge))
        for (index, edge) in graph[layer.node].edges.enumerated() {
          if nextCalls.contains(index) {
            // `next(request, scope)`: runs the step inside this layer, with what the layer
            // declares around the call.
            let role: RequirementGraph.Role = inner == call.route && call.routeIsLiteral ? .closureParameterCall : .call(innerName)
            graph.addEdge(to: copy, from: .node(inner), mask: edge.mask, location: edge.location, role: role)
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
