#if ImplicitsAnalysis
/// Escaping closures that take a scope, and calls through closure values.
///
/// A closure literal whose parameter is an `ImplicitScope` reads from the scope it is
/// given: what it needs must be visible where it is called, not where it was made. A
/// closure passed for an escaping parameter, stored in a property or a collection, is
/// called later through a value whose target the analyzer cannot know
/// (`routes[path]`, a parameter, an optional); so every such closure joins the closures
/// of its `ClosureShape` (its number of parameters and the scope's position among them),
/// and every call through a value of that shape needs what any of them needs. A call
/// through a stored property (`cell.onSelect?(row, scope)`) needs only what the closures
/// stored into that property need, and those stored nowhere by name (passed on to an
/// `@escaping` parameter): another type's closures of the same shape are not its. When the
/// module makes no call of a closure's shape (it is handed to code the analyzer cannot
/// see), what it needs is charged where it is made, the only place left to check it;
/// unless it is stored into a property, which only its callers (maybe in another module)
/// give a scope.
extension GraphBuilder {
  /// A closure that may be called through a value: joins the closures of its shape once
  /// every call is known (`finishClosureValues`). `nil` arity: `{ $0 … }`, any.
  struct ClosureValueMember {
    var closure: NodeID
    var arity: Int?
    var scopePosition: Int
    /// The alias it is made as, if any: calls through a value of that alias reach it.
    var alias: String?
    /// The properties it is stored into by the function it is passed to
    /// (`ParameterInfo.storedAlias`): calls through them reach it too.
    var stores: [String] = []
    /// Stored into a stored property (`ClosureContext.stored`), or kept by a dependency
    /// (`dependencyKeptClosures`): no fallback, its callers give it their scope.
    var inProperty: Bool
    /// Where it is made, for the fallback.
    var creator: NodeID
    var mask: [Int]
    var location: SourceLoc
  }

  /// The shape of a closure literal that escapes as a value of a scope-taking closure
  /// type: stored as one, passed for an `@escaping` parameter of one, or written with an
  /// `ImplicitScope` parameter and escaping. `nil` for every other closure.
  /// `named`: the shape of the function a closure that stands for one names.
  func closureValueShape(
    of closure: NodeID, _ body: BodyNode, context: ClosureContext, file: FileID,
    named: (arity: Int, scopePosition: Int)? = nil
  ) -> (arity: Int?, scopePosition: Int, alias: String?)? {
    let arity: Int? = body.closureArity == 0 ? named?.arity : body.closureArity
    if case .stored(let type, let position?, _) = context { return (arity, position, type.isEmpty ? nil : type) }
    if escapingScopeClosures.contains(closure), let position = scopeClosurePositions[closure]?.min() {
      return (arity, position, escapingClosureAliases[closure])
    }
    guard let position = body.scopePosition ?? named?.scopePosition else { return nil }
    if case .escaping = classify(context, file: file) { return (arity, position, nil) }
    return nil
  }

  /// The node standing for every closure of `shape` the module makes.
  mutating func closureValues(_ shape: ClosureShape) -> NodeID {
    if let node = closureValueNodes[shape] { return node }
    let names = (0..<shape.arity).map { $0 == shape.scopePosition ? ScopeType.name : "_" }
    let name = shape.alias.map { alias in
      ScopeClosureAliases.storedProperty(alias).map { "closures stored in '\($0)'" } ?? "closure value of '\(alias)'"
    } ?? "closure value (\(names.joined(separator: ", ")))"
    let node = graph.addNode(.init(kind: .closure(file: nil, scopeParameter: nil), name: name))
    closureValueNodes[shape] = node
    graph.closureValueTypes[node] = shape.alias ?? "(" + names.joined(separator: ", ") + ")"
    return node
  }

  /// `handler(request, scope)`: needs what the closures it may call need. A parameter
  /// that takes non-escaping closures needs what the closures passed for it need.
  mutating func addClosureValueCall(
    _ shape: ClosureShape, parameter: Int?, tentative: Int?, origin: Int, file: FileID,
    to target: NodeID, mask: [Int], location: SourceLoc
  ) {
    let body = fileNodes[file.index].bodies[origin]
    // An untyped closure parameter is a scope only where the closure is given one.
    if let tentative, scopeClosurePositions[body]?.contains(tentative) != true { return }
    if let parameter, case .function(let index) = files[file.index].nodes[origin].kind {
      let info = files[file.index].declarations.functions[index].parameters[parameter]
      if info.takesScopeClosure, !info.isEscaping {
        let slot = scopeClosureParameter(Parameter(function: body, index: parameter))
        graph.addEdge(to: target, from: .node(slot), mask: mask, location: location, role: .closureParameterCall)
        return
      }
    }
    let values = closureValues(shape)
    // `next(request, scope)` in a closure constant's own body: a chain that runs the
    // constant binds it (`GraphBuilder+ComposedChains`).
    if let parameter, target == body, files[file.index].nodes[origin].constant != nil {
      constantParameterCalls[body, default: []].append((graph[body].edges.count, parameter))
    }
    graph.addEdge(
      to: target, from: .node(values), mask: mask, location: location,
      role: .closureValueCall(type: graph.closureValueTypes[values]!))
  }

  /// `other(body, request, scope)` in a function whose parameter `body` takes non-escaping
  /// scope closures: the closures passed for it are passed for the callee's parameter, and
  /// need what that parameter's calls need (where the callee calls it, with what it provides
  /// there). An `@escaping` one (`next: route`) hands on every closure of its type
  /// (`forwardEscapingParameter`): its closures are values the analyzer does not follow to
  /// the callers. Handed
  /// to a dependency, whose interface does not say what it provides around the call, they
  /// need everything from `caller` (masked by `mask`), as if called at the call.
  mutating func forwardScopeClosure(
    _ parameter: Int, origin: Int, file: FileID, to site: CallSite, argument: Int, from caller: NodeID, mask: [Int]
  ) {
    let function = owningFunction(of: origin, file: file)
    guard case .function(let index) = files[file.index].nodes[function].kind else { return }
    let own = files[file.index].declarations.functions[index].parameters[parameter]
    guard own.takesScopeClosure else { return }
    if own.isEscaping {
      forwardEscapingParameter(own, to: site, argument: argument, from: caller, mask: mask, file: file)
      return
    }
    let passed = scopeClosureParameter(Parameter(function: fileNodes[file.index].bodies[function], index: parameter))
    for candidate in symbols.candidates(for: site, file: file) {
      let callable = symbols.callables[candidate]
      guard let bound = symbols.binding(of: site, to: candidate)?[argument],
        callable.parameters[bound].takesScopeClosure, !callable.parameters[bound].isEscaping
      else { continue }
      if callable.isExternal {
        graph.addEdge(to: caller, from: .node(passed), mask: mask, location: site.location, role: .closureParameterCall)
        continue
      }
      let slot = scopeClosureParameter(Parameter(function: callable.node, index: bound))
      graph.addEdge(to: slot, from: .node(passed), location: site.location, role: .call(calledName(site, file: file)))
      let forward = ScopeClosureForward(
        from: passed, to: slot, function: callable.node, caller: caller, mask: mask, site: site, file: file)
      scopeClosureForwards[[passed, slot]] = scopeClosureForwards[[passed, slot]] == nil ? forward : .some(nil)
    }
  }

  /// Joins each escaping scope-taking closure to the calls that may call it, or, if the
  /// module makes none, charges it where it is made.
  mutating func finishClosureValues() {
    linkClosureCopies()
    for member in closureValueMembers {
      let aliases = Set([member.alias] + member.stores.map(Optional.some))
      // Calls through a value of its alias (or through the property it is stored into), calls
      // through values of unknown type, and, for one stored nowhere by name, calls through
      // any property.
      let shapes = closureValueNodes.keys.filter {
        $0.scopePosition == member.scopePosition && (member.arity == nil || $0.arity == member.arity)
          && ($0.alias == nil || aliases.contains($0.alias)
            || (member.alias == nil && ScopeClosureAliases.storedProperty($0.alias ?? "") != nil))
      }
      guard !shapes.isEmpty else {
        // Stored into a property (`cell.onSelect = { row, scope in … }`): it runs where the
        // property is called, with the caller's scope; with no call here, by code another
        // module or the framework runs later. The code storing it gives it nothing.
        if member.inProperty || !member.stores.isEmpty || ScopeClosureAliases.storedProperty(member.alias ?? "") != nil {
          continue
        }
        graph.addEdge(to: member.creator, from: .node(member.closure), mask: member.mask, location: member.location, role: .closure)
        continue
      }
      for shape in shapes.sorted(by: { ($0.arity, $0.alias ?? "") < ($1.arity, $1.alias ?? "") }) {
        graph.addEdge(to: closureValues(shape), from: .node(member.closure), location: member.location, role: .closure)
      }
    }
  }

  /// `archive.onTap = feed.onTap`, or `share(feed.onTap)` where `share` stores its parameter
  /// into `archive.onTap`: calls through the archive's property run the closures stored
  /// into the feed's. One edge per copy, from the closures of the source to those of the
  /// target (at the copy: its note says how a closure got where it is called), following
  /// chains of copies.
  private mutating func linkClosureCopies() {
    var copies: [String: [(from: String, location: SourceLoc, by: String?)]] = [:]
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for index in files.indices where !files[index].closureCopies.isEmpty {
      let file = FileID(index)
      for copy in files[index].closureCopies {
        switch copy.to {
        case .property(let to):
          copies[to, default: []].append((copy.from, copy.location, nil))
        case .argument(let call, let argument):
          for index in symbols.candidates(for: call, file: file) {
            guard let parameter = symbols.binding(of: call, to: index)?[argument],
              let to = symbols.callables[index].parameters[parameter].storedAlias, to != copy.from
            else { continue }
            copies[to, default: []].append((copy.from, copy.location, calledName(call, file: file)))
          }
        }
      }
    }
    guard !copies.isEmpty else { return }
    let order: (ClosureShape, ClosureShape) -> Bool = {
      ($0.arity, $0.scopePosition, $0.alias ?? "") > ($1.arity, $1.scopePosition, $1.alias ?? "")
    }
    var pending = closureValueNodes.keys.filter { $0.alias.map { copies[$0] != nil } ?? false }.sorted(by: order)
    var linked: Set<ClosureShape> = []
    while let shape = pending.popLast() {
      guard let alias = shape.alias, let sources = copies[alias], linked.insert(shape).inserted else { continue }
      let target = closureValues(shape)
      for source in sources {
        let from = ClosureShape(arity: shape.arity, scopePosition: shape.scopePosition, alias: source.from)
        graph.addEdge(
          to: target, from: .node(closureValues(from)), location: source.location,
          role: .closureCopy(from: source.from, into: alias, by: source.by))
        if copies[source.from] != nil, !linked.contains(from) { pending.append(from) }
      }
    }
  }
}
#endif
