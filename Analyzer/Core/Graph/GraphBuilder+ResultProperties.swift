#if ImplicitsAnalysis
/// A property set only to what a function returns, and calls through it.
///
/// `handler = compose(route)` in `init`, then `handler(request, scope)`: through a value of
/// the alias `Handler`, the call would need what any closure of the alias needs, the
/// routes behind an authentication middleware included, which need the user it declares
/// before it calls `next`: a false error at the entry point. When the property is one
/// only the module sets (`let`, or `private`, without an initial value), every assignment
/// to it is a closure literal or the result of a call of one function of the module, and
/// that function returns only closure literals (`ReturnedClosures`), the property holds
/// those closures and nothing else: the call needs what they need. They still join the
/// closures of their alias too (the property may be read and handed on as a value).
///
/// Inside, `auth.respond(to: request, scope, next: route)` hands the function's
/// `@escaping` parameter to a middleware's non-escaping `next`: the middleware's `next`
/// calls then run what may be passed for `route`, under what the middleware declares
/// around them (`forwardEscapingParameter`). Which closures those are is not followed to
/// the function's callers (a call passing a value, not a literal, is not recorded): every
/// closure of the parameter's type, more than needed, never less.
///
/// Anything else (a property set to a closure, to a value, also in one place of many; a
/// function returning something other than a closure literal; a call with several
/// candidates) leaves the calls through the property reaching every closure of its type:
/// more than needed, never less.
extension GraphBuilder {
  /// The node of a property set to results, and the closures it holds: those made at
  /// `locations` in `file`, by body `origin` (a function returning them) or by any body
  /// (a closure literal assigned).
  struct ResultProperty {
    var node: NodeID
    var sources: [Source]

    struct Source {
      var file: FileID
      var origin: Int?
      var locations: Set<SourceLoc>
    }
  }

  /// A function's `@escaping` closure parameter passed for a non-escaping one: `target`
  /// (that parameter's node, or the caller for a dependency) needs what the closures of
  /// the parameter's type need.
  struct EscapingForward {
    var target: NodeID
    var alias: String?
    var scopePosition: Int
    var mask: [Int]
    var location: SourceLoc
  }

  /// The properties set only to results of closure-returning functions, by `Type.name`.
  mutating func findResultProperties() {
    var writes: [String: [(write: PropertyWrite, file: FileID)]] = [:]
    // Indexed, not iterated (here and below): a summary copied out is a dozen retains.
    for index in files.indices where !files[index].propertyWrites.isEmpty {
      for write in files[index].propertyWrites {
        guard let property = aliases.aliasTypedProperty(write.property, context: write.context) else { continue }
        writes[property, default: []].append((write, FileID(index)))
      }
    }
    guard !writes.isEmpty else { return }
    var aliasTargets: ClosureAliasTargets?
    var closed: Set<String> = []
    var memberwise: Set<String> = []
    for index in files.indices {
      for type in files[index].declarations.types {
        if type.hasMemberwiseInit { memberwise.insert(type.name) }
        for name in type.closedProperties { closed.insert(type.name + "." + name) }
      }
    }
    for (property, list) in writes.sorted(by: { $0.key < $1.key }) {
      guard closed.contains(property), let dot = property.lastIndex(of: "."), !memberwise.contains(String(property[..<dot]))
      else { continue }
      var sources: [ResultProperty.Source] = []
      for (write, file) in list {
        if let closure = write.closure {
          sources.append(.init(file: file, origin: nil, locations: [closure]))
          continue
        }
        guard let call = write.call else { break }
        let candidates = symbols.candidates(for: call, file: file)
        guard candidates.count == 1, case .function(let home, let index) = graph[symbols.callables[candidates[0]].node].kind
        else { break }
        let function = files[home.index].declarations.functions[index]
        guard let returned = function.returnedClosures else { break }
        sources.append(.init(file: home, origin: function.node, locations: Set(returned)))
      }
      guard sources.count == list.count, let alias = aliases.alias(list[0].write.property, context: list[0].write.context)
      else { continue }
      if aliasTargets == nil { aliasTargets = ClosureAliasTargets(files: files) }
      guard !aliasTargets!.takesClosures(alias.name) else { continue }
      let node = graph.addNode(.init(kind: .closure(file: nil, scopeParameter: nil), name: "closures stored in '\(property)'"))
      graph.closureValueTypes[node] = alias.name
      resultProperties[property] = ResultProperty(node: node, sources: sources)
    }
  }

  /// The module's aliases of closure types, to tell which take a closure: built once per
  /// module, when a property has passed the other tests.
  struct ClosureAliasTargets {
    /// Full name → the function type it aliases, as written.
    private var targets: [String: String] = [:]
    /// The last component of each name: how a parameter's type may name one.
    private let closureNames: Set<String>

    init(files: [FileSummary]) {
      for index in files.indices {
        for (alias, target) in files[index].declarations.typeAliases where target.contains("->") { targets[alias] = target }
      }
      closureNames = Set(targets.keys.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
    }

    /// Whether closures of alias `name` take a closure (`(Request, ImplicitScope, Handler) ->
    /// Response`): a returned closure's parameter may then hold a closure passed on for a
    /// middleware's `next` that `ReturnedClosures` cannot see, and its property is not one.
    /// A target with more than one arrow (a parameter or the result is itself a function
    /// type) counts as taking one: not followed.
    func takesClosures(_ name: String) -> Bool {
      guard let target = targets[name] else { return true }
      let arrows = ScopeClosureAliases.arrows(inFunctionType: Array(target.utf8))
      guard arrows.count == 1 else { return true }
      let parameters = target.utf8.prefix(arrows[0].offset)
      let words = Substring(parameters).split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
      return words.contains(where: closureNames.contains)
    }
  }

  /// Each property's node needs what the closures its functions return need.
  mutating func linkResultProperties() {
    guard !resultProperties.isEmpty else { return }
    var wanted: [FileID: [(origin: Int?, locations: Set<SourceLoc>, node: NodeID)]] = [:]
    for property in resultProperties.keys.sorted() {
      let stored = resultProperties[property]!
      for source in stored.sources {
        wanted[source.file, default: []].append((source.origin, source.locations, stored.node))
      }
    }
    for file in wanted.keys.sorted(by: { $0.index < $1.index }) {
      let targets = wanted[file]!
      var linked: Set<[NodeID]> = []
      for contribution in files[file.index].contributions {
        guard case .closure(let node, _) = contribution.source else { continue }
        let closure = fileNodes[file.index].bodies[node]
        for target in targets where (target.origin ?? contribution.origin) == contribution.origin
          && target.locations.contains(contribution.location)
        {
          guard linked.insert([target.node, closure]).inserted else { continue }
          graph.addEdge(to: target.node, from: .node(closure), location: contribution.location, role: .closure)
        }
      }
    }
  }

  /// `next: route` where `route` is the calling function's `@escaping` parameter `own`: the
  /// callee's non-escaping parameter runs what may be passed for `route`.
  mutating func forwardEscapingParameter(
    _ own: ParameterInfo, to site: CallSite, argument: Int, from caller: NodeID, mask: [Int], file: FileID
  ) {
    for candidate in symbols.candidates(for: site, file: file) {
      let callable = symbols.callables[candidate]
      guard let bound = symbols.binding(of: site, to: candidate)?[argument],
        callable.parameters[bound].takesScopeClosure, !callable.parameters[bound].isEscaping
      else { continue }
      // A dependency's helper: what it provides around the call is not in its interface.
      let target = callable.isExternal ? caller : scopeClosureParameter(Parameter(function: callable.node, index: bound))
      escapingForwards.append(EscapingForward(
        target: target, alias: own.closureAlias, scopePosition: own.scopeClosurePosition,
        mask: callable.isExternal ? mask : [], location: site.location))
    }
  }

  /// Once every closure value is known: each forward needs the closures of its type, of
  /// every arity one is made with.
  mutating func linkEscapingForwards() {
    for forward in escapingForwards {
      var arities: Set<Int> = []
      for member in closureValueMembers where member.scopePosition == forward.scopePosition {
        guard forward.alias == nil || member.alias == forward.alias || member.stores.contains(forward.alias!) else { continue }
        if let arity = member.arity { arities.insert(arity) }
      }
      for shape in closureValueNodes.keys where shape.scopePosition == forward.scopePosition && shape.alias == forward.alias {
        arities.insert(shape.arity)
      }
      for arity in arities.sorted() {
        let values = closureValues(ClosureShape(arity: arity, scopePosition: forward.scopePosition, alias: forward.alias))
        graph.addEdge(
          to: forward.target, from: .node(values), mask: forward.mask, location: forward.location,
          role: .closureValueCall(type: graph.closureValueTypes[values]!))
      }
    }
  }
}
#endif
