#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// Runs the per-file passes on one source text: parse → declarations → effects → frames,
/// and the syntax rules (`Rules/`).
/// Independent of every other file, so files are analysed in parallel.
enum FileAnalyzer {
  enum Failure: Error, Equatable {
    case notUTF8
    case syntaxError(SourceLoc, String)
  }

  /// - Parameter rules: whether to run the syntax rules (not for a build configuration).
  static func analyze(
    path: String, index: Int32, bytes: [UInt8], conditions: ConditionEvaluator, rules: Bool = true
  ) -> Result<FileSummary, Failure> {
    let result = analyze(path: path, index: index, bytes: bytes, conditions: conditions, rules: rules, nesting: nil)
    #if DEBUG
    if case .failure(.syntaxError) = result {
      return DeepNesting.onLargeStack {
        analyze(path: path, index: index, bytes: bytes, conditions: conditions, rules: rules,
          nesting: DeepNesting.releaseParserLimit)
      }
    }
    #endif
    return result
  }

  /// - Parameter nesting: the parser's nesting limit; `nil` takes swift-syntax's default.
  private static func analyze(
    path: String, index: Int32, bytes: [UInt8], conditions: ConditionEvaluator, rules: Bool, nesting: Int?
  ) -> Result<FileSummary, Failure> {
    guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notUTF8) }
    let lines = LineTable(file: index, utf8: bytes)
    var parser = Parser(text, maximumNestingLevel: nesting)
    let tree = SourceFileSyntax.parse(from: &parser)
    if tree.hasError, let bad = firstError(in: tree, conditions: conditions) {
      return .failure(.syntaxError(lines.location(ofUTF8Offset: bad.positionAfterSkippingLeadingTrivia.utf8Offset),
        bad.trimmedDescription.prefix(40).description))
    }
    let file = FileContext(index: index, lines: lines, conditions: conditions)
    let declarations = DeclarationCollector.collect(tree, file: file)
    let effects = EffectCollector.collectAll(in: file, declarations: declarations)
    var summary = assemble(path: path, declarations, effects)
    guard rules else { return .success(summary) }
    let mentions = SourceMentions(utf8: bytes)
    let findings = SyntaxRules.check(tree, mentions: mentions, file: file)
    summary.ruleDiagnostics = findings.diagnostics
    summary.attributesOutsideImplicit = findings.attributesOutsideImplicit
    summary.undecidedConditions = UndecidedConditions.find(in: tree, mentions: mentions, file: file)
    return .success(summary)
  }

  /// The one place a `FileSummary` is put together from what the passes return: the
  /// effects pass numbered its nodes, bag sites and functions after the declarations
  /// pass's, so joining is appending.
  private static func assemble(
    path: String, _ pass: DeclarationCollector, _ effects: FileEffects
  ) -> FileSummary {
    var declarations = pass.found
    declarations.functions += effects.localFunctions
    var nodes = pass.bodies.nodes
    for (node, bodyEffects) in effects.declaredBodies { nodes[node].effects = bodyEffects }
    nodes += effects.nodes
    // A closure's node comes after the body it is written in: that body is named first.
    for index in nodes.indices {
      for case .closure(let inner, _, _) in nodes[index].effects where inner > index {
        nodes[inner].name = BodyNode.closureName(in: nodes[index].name)
      }
    }
    // A local closure constant is made before the closures that use it by name (`next:
    // authed` in `limited`): named after the first body that uses it, once that is named.
    var unnamed = nodes.indices.filter { nodes[$0].name == "closure" }
    while !unnamed.isEmpty {
      let before = unnamed.count
      for index in nodes.indices where nodes[index].name != "closure" {
        for case .closure(let inner, _, _) in nodes[index].effects where nodes[inner].name == "closure" {
          nodes[inner].name = BodyNode.closureName(in: nodes[index].name)
        }
      }
      unnamed.removeAll { nodes[$0].name != "closure" }
      if unnamed.count == before { break }
    }
    return FileSummary(
      path: path, declarations: declarations, nodes: nodes,
      bagSites: pass.bodies.bagSites + effects.bagSites, assignedBags: effects.assignedBags,
      closureCopies: effects.closureCopies, propertyWrites: effects.propertyWrites,
      bagPasses: effects.bagPasses, closureWrappers: effects.closureWrappers,
      diagnostics: pass.diagnostics + effects.diagnostics, functionValues: effects.functionValues)
  }

  /// The module-wide half of the per-file passes, once every file is read: keys resolved
  /// to their identities, then the scope frames simulated.
  /// - Parameter resolve: the identity of a key read in `context` (`KeyResolver.resolve`,
  ///   or what an earlier run recorded); asked once per distinct pair.
  /// - Parameter aliases: the module's closure typealiases that take a scope.
  /// - Parameter keepsEffects: whether the nodes keep their effects (`AnalysisOptions.keepsBodyEffects`):
  ///   the module-wide passes read the frames, not the effects.
  /// - Parameter known: pairs already resolved (an earlier run's `ResolvedKeysRecord`):
  ///   looked up directly instead of through `resolve` and a second table.
  /// - Parameter replayed: what an earlier run simulated from the same summary, keys and
  ///   aliases (`SimulatedFrames.holds(for:)`): the effects are not walked again. Taken
  ///   only when the effects are not kept: they would stay unresolved.
  /// - Parameter recordsFrames: whether to return what the effects gave, for a cache.
  /// - Returns: the summary, every pair resolved with its identity, those of them the
  ///   declarations asked (empty unless `recordsFrames`: a replay needs only these), and
  ///   what the effects gave (`replayed` when it was taken; empty unless `recordsFrames`).
  static func simulate(
    _ summary: consuming FileSummary, aliases: ScopeClosureAliases, keepsEffects: Bool = true,
    known: [ResolvedKey: KeyName?] = [:], replayed: SimulatedFrames? = nil, recordsFrames: Bool = false,
    resolve: (WrittenKey, _ context: String?) -> KeyName?
  ) -> (
    summary: FileSummary, resolved: [ResolvedKey: KeyName?], declarationKeys: Set<ResolvedKey>, frames: SimulatedFrames
  ) {
    if let replayed, !keepsEffects, let rewrites = replayed.rewrites, replayed.holdsWhole(for: aliases),
      rewrites.fits(
        functions: summary.declarations.functions.count, types: summary.declarations.types.count,
        nodes: summary.nodes.count)
    {
      // The whole replay: the declarations' rewrites as recorded, then the frames.
      summary.diagnostics += replayed.keyDiagnostics
      rewrites.apply(to: &summary)
      replayed.append(to: &summary)
      for index in summary.nodes.indices where !summary.nodes[index].effects.isEmpty { summary.nodes[index].effects = [] }
      summary.trimCapacity()
      return (consume summary, known, [], replayed)
    }
    var keys = KeyTable(known: known)
    // What the declarations' share changes, kept with the frames for the next run.
    var rewrites: DeclarationRewrites? = recordsFrames || replayed != nil ? DeclarationRewrites() : nil
    resolveClosureAliasPositions(in: &summary, aliases, &rewrites)
    var frames: SimulatedFrames
    if let replayed, !keepsEffects {
      frames = replayed
      summary.diagnostics += frames.keyDiagnostics
    } else {
      frames = SimulatedFrames()
      let firstDiagnostic = summary.diagnostics.count
      resolveEffectKeys(in: &summary, aliases, &keys, resolve, aliasReads: &frames.aliasReads)
      if recordsFrames { frames.keyDiagnostics = Array(summary.diagnostics[firstDiagnostic...]) }
    }
    if recordsFrames { keys.asked = [] }
    resolveDeclarationKeys(in: &summary, aliases, &keys, resolve, &rewrites)
    let hadClosureCopies = !summary.closureCopies.isEmpty
    summary.closureCopies = summary.closureCopies.compactMap { copy in
      guard let from = aliases.alias(copy.from, context: copy.context)?.name else { return nil }
      var copy = copy
      copy.from = from
      if case .property(let target) = copy.to {
        guard let to = aliases.alias(target, context: copy.context)?.name, from != to else { return nil }
        copy.to = .property(to)
      }
      return copy
    }
    if hadClosureCopies { rewrites?.closureCopies = summary.closureCopies }
    if let replayed, !keepsEffects {
      // The frames hold but the alias table is not the one they were made with: kept
      // again with this table's digest and the rewrites made under it.
      frames.aliasDigest = aliases.digest
      frames.rewrites = rewrites
      replayed.append(to: &summary)
    } else if recordsFrames {
      let (contributions, entries, restores, diagnostics) = (
        summary.contributions.count, summary.entries.count, summary.restores.count, summary.diagnostics.count)
      simulateFrames(in: &summary)
      frames.contributions = Array(summary.contributions[contributions...])
      frames.entries = Array(summary.entries[entries...])
      frames.restores = Array(summary.restores[restores...])
      frames.diagnostics = Array(summary.diagnostics[diagnostics...])
      frames.aliasDigest = aliases.digest
      frames.rewrites = rewrites
    } else {
      simulateFrames(in: &summary)
    }
    if !keepsEffects {
      for index in summary.nodes.indices { summary.nodes[index].effects = [] }
    }
    summary.trimCapacity()
    return (summary, keys.resolved, keys.asked ?? [], frames)
  }

  /// Each body's scope frames, from its effects with their keys resolved.
  ///
  /// A closure's body comes after the body it is written in (its node is numbered when its
  /// literal is met), so whether a scope is open where it runs is known when it is
  /// simulated; a closure run from a later body too (a local closure called in another
  /// closure) is taken as it was first found.
  private static func simulateFrames(in summary: inout FileSummary) {
    var runs = [ClosureRuns](repeating: .nowhere, count: summary.nodes.count)
    for (index, node) in summary.nodes.enumerated() {
      var scopeParameter: String?
      var receivesScope = false
      var traitKeys: [KeyName]?
      switch node.kind {
      case .function(let function):
        scopeParameter = summary.declarations.functions[function].scopeParameter
        receivesScope = scopeParameter != nil
        traitKeys = summary.declarations.functions[function].traitKeys?.map(\.spelling)
      case .closure(let parameter):
        scopeParameter = parameter ?? node.tentativeScope
        receivesScope = parameter != nil
      case .topLevel, .accessor: break
      }
      var simulator = FrameSimulator(
        node: node, index: index, scopeParameter: scopeParameter, receivesScope: receivesScope,
        traitKeys: traitKeys, sitsOnOpenScope: runs[index] == .inOpenScopes, firstEntryIndex: summary.entries.count)
      simulator.run(node.effects)
      for (closure, inOpenScope) in simulator.closureReferences where closure < runs.count {
        runs[closure] = inOpenScope && runs[closure] != .elsewhereToo ? .inOpenScopes : .elsewhereToo
      }
      summary.contributions.append(contentsOf: simulator.contributions)
      summary.entries.append(contentsOf: simulator.entries)
      summary.restores.append(contentsOf: simulator.restores)
      summary.diagnostics.append(contentsOf: simulator.diagnostics)
    }
  }

  /// Where the bodies simulated so far run a closure.
  private enum ClosureRuns {
    /// Not run by any of them (not yet, or a function's body).
    case nowhere
    /// Only where a scope is open.
    case inOpenScopes
    /// Somewhere no scope is open, or escaping.
    case elsewhereToo
  }

  /// A key as written and the type whose body reads it.
  struct ResolvedKey: Hashable {
    var key: WrittenKey
    var context: String?
  }

  /// The file's resolved pairs: each asked of `identity` once.
  private struct KeyTable {
    private(set) var resolved: [ResolvedKey: KeyName?]
    /// The pairs asked since this was set, when it is (the declarations').
    var asked: Set<ResolvedKey>?

    init(known: [ResolvedKey: KeyName?]) {
      // Files read a few dozen distinct keys: growing from empty rehashed them five times.
      resolved = known.isEmpty ? Dictionary(minimumCapacity: 32) : known
    }

    mutating func identity(
      of key: WrittenKey, _ context: String?, _ identity: (WrittenKey, String?) -> KeyName?
    ) -> KeyName? {
      let pair = ResolvedKey(key: key, context: context)
      asked?.insert(pair)
      if let known = resolved[pair] { return known }
      let found = identity(key, context)
      resolved[pair] = found
      return found
    }
  }

  /// `let pick: PickHandler = { row, scope in … }`: where the closure takes its scope.
  private static func resolveClosureAliasPositions(
    in summary: inout FileSummary, _ aliases: ScopeClosureAliases, _ rewrites: inout DeclarationRewrites?
  ) {
    for index in summary.nodes.indices {
      if let name = summary.nodes[index].closureAlias,
        let alias = aliases.alias(name, context: summary.nodes[index].typeName)
      {
        summary.nodes[index].scopePosition = alias.position
        rewrites?.scopePositions.append((index, alias.position))
      }
    }
  }

  /// Rewrites every key the bodies read or declare to its identity; a declaration whose
  /// key cannot be told is reported and provides `KeyName.uninferable`.
  /// - Parameter aliasReads: each scope-closure alias looked up, with its answer.
  private static func resolveEffectKeys(
    in summary: inout FileSummary, _ aliases: ScopeClosureAliases, _ keys: inout KeyTable,
    _ identity: (WrittenKey, String?) -> KeyName?, aliasReads: inout [SimulatedFrames.AliasRead]
  ) {
    func resolve(_ key: WrittenKey, _ context: String?) -> KeyName? { keys.identity(of: key, context, identity) }
    func alias(_ name: String, _ context: String?) -> (name: String, position: Int)? {
      let found = aliases.alias(name, context: context)
      aliasReads.append(.init(name: name, context: context, alias: found?.name, position: found?.position))
      return found
    }
    // Rewritten in place: most effects are not keys, and copying them is what costs.
    for index in summary.nodes.indices {
      let context = summary.nodes[index].typeName
      for position in summary.nodes[index].effects.indices {
        switch summary.nodes[index].effects[position] {
        case .read(let key, let location):
          if let resolved = resolve(.spelled(key), context), resolved != key {
            summary.nodes[index].effects[position] = .read(resolved, location)
          }
        case .provide(let key, let location):
          guard key != .spelled(KeyName.uninferable) else { continue }
          guard let resolved = resolve(key, context) else {
            let message = ImplicitAttribute.cannotInferMessage(key.variable ?? "_")
            summary.diagnostics.append(.error(.keyNotInferable, message, at: location))
            summary.nodes[index].effects[position] = .provide(.spelled(KeyName.uninferable), location)
            continue
          }
          if key != .spelled(resolved) { summary.nodes[index].effects[position] = .provide(.spelled(resolved), location) }
        case .provideUnderCondition(let key, let location, let condition):
          if let resolved = resolve(key, context), key != .spelled(resolved) {
            summary.nodes[index].effects[position] = .provideUnderCondition(.spelled(resolved), location, condition: condition)
          }
        case .closure(let node, .stored(let type, nil, let inProperty), let location):
          // `[String: Handler]` with `typealias Handler = (Request, ImplicitScope) -> …` in any file.
          guard let alias = alias(type, context) else { continue }
          summary.nodes[index].effects[position] = .closure(
            node: node, .stored(type: alias.name, scopePosition: alias.position, inProperty: inProperty), location)
        case .callClosureValue(var shape, let parameter, let tentative, let location):
          // `handler(request, scope)` with `handler: Handler`: the closures of that alias.
          guard let name = shape.alias else { continue }
          shape.alias = alias(name, context)?.name
          summary.nodes[index].effects[position] = .callClosureValue(
            shape, parameter: parameter, tentative: tentative, location)
        case .callComposedChain(let chain, var shape, let tentative, let location):
          guard let name = shape.alias else { continue }
          shape.alias = alias(name, context)?.name
          summary.nodes[index].effects[position] = .callComposedChain(chain, shape, tentative: tentative, location)
        default:
          continue
        }
      }
    }
  }

  /// Rewrites the keys of the file's declarations (return values, trait keys, defaulted
  /// types, properties, stored implicits) and its parameters' closure aliases.
  private static func resolveDeclarationKeys(
    in summary: inout FileSummary, _ aliases: ScopeClosureAliases, _ keys: inout KeyTable,
    _ identity: (WrittenKey, String?) -> KeyName?, _ rewrites: inout DeclarationRewrites?
  ) {
    func resolve(_ key: WrittenKey, _ context: String?) -> KeyName? { keys.identity(of: key, context, identity) }
    var reportedTraitKeys: Set<SourceLoc> = []
    let firstDiagnostic = summary.diagnostics.count
    defer { rewrites?.diagnostics = Array(summary.diagnostics[firstDiagnostic...]) }
    for index in summary.declarations.functions.indices {
      let original = summary.declarations.functions[index]
      defer {
        if rewrites != nil {
          let function = summary.declarations.functions[index]
          if function.returnKey != original.returnKey || function.traitKeys != original.traitKeys
            || function.parameters != original.parameters
          {
            rewrites?.functions.append(.init(
              index: index, returnKey: function.returnKey, traitKeys: function.traitKeys,
              parameters: function.parameters == original.parameters ? nil : function.parameters))
          }
        }
      }
      resolveScopeClosureAliases(of: &summary.declarations.functions[index], aliases)
      let function = summary.declarations.functions[index]
      if let returnType = function.returnType, function.typeName == nil || function.isStatic,
        function.access >= .internal, !function.isImplicit
      {
        let resolved = resolve(.spelled(returnType), function.typeName)
        summary.declarations.functions[index].returnKey = resolved == "Self" ? function.typeName : resolved
      }
      guard let traitKeys = summary.declarations.functions[index].traitKeys else { continue }
      let context = summary.declarations.functions[index].typeName
      summary.declarations.functions[index].traitKeys = traitKeys.map { key in
        if key == .spelled(KeyName.uninferable) { return key }
        if let resolved = resolve(key, context) { return .spelled(resolved) }
        // Once per declaration, not once per test of its suite.
        for declaration in summary.declarations.traitValueKeys
        where declaration.key == key && reportedTraitKeys.insert(declaration.location).inserted {
          let message = ImplicitAttribute.cannotInferMessage(key.variable ?? "_")
          summary.diagnostics.append(.error(.keyNotInferable, message, at: declaration.location))
        }
        return .spelled(KeyName.uninferable)
      }
    }
    let defaultedTypes = summary.declarations.defaultedTypes
    summary.declarations.defaultedTypes = defaultedTypes.map { resolve(.spelled($0), nil) ?? $0 }
    if summary.declarations.defaultedTypes != defaultedTypes { rewrites?.defaultedTypes = summary.declarations.defaultedTypes }
    for index in summary.declarations.types.indices {
      let context = summary.declarations.types[index].name
      let (exported, stored) = (
        summary.declarations.types[index].exportedProperties, summary.declarations.types[index].storedImplicits)
      defer {
        let type = summary.declarations.types[index]
        if rewrites != nil, type.exportedProperties != exported || type.storedImplicits != stored {
          rewrites?.types.append(.init(
            index: index, exportedProperties: type.exportedProperties, storedImplicits: type.storedImplicits))
        }
      }
      summary.declarations.types[index].exportedProperties = summary.declarations.types[index].exportedProperties
        .compactMap { property in
          resolve(property.key, context).map { var property = property; property.key = .spelled($0); return property }
        }
      for stored in summary.declarations.types[index].storedImplicits.indices {
        let key = summary.declarations.types[index].storedImplicits[stored].key
        summary.declarations.types[index].storedImplicits[stored].key = resolve(.spelled(key), context) ?? key
      }
    }
  }

  /// `_ handler: @escaping Handler` with `typealias Handler = (Request, ImplicitScope) -> …`
  /// in any file: a parameter taking a closure that takes a scope, as if written out.
  /// A closure parameter the body stores into a property of a scope-taking closure type
  /// (`self.onShare = onShare`): the closures passed for it are that property's.
  private static func resolveScopeClosureAliases(of function: inout FunctionDecl, _ aliases: ScopeClosureAliases) {
    for index in function.parameters.indices {
      if let name = function.parameters[index].writtenType, let alias = aliases.alias(name, context: function.typeName) {
        function.parameters[index].isClosure = true
        function.parameters[index].takesScopeClosure = true
        function.parameters[index].scopeClosurePosition = alias.position
        function.parameters[index].closureAlias = alias.name
      }
      guard function.parameters[index].takesScopeClosure,
        let property = function.parameters[index].storedProperty, let owner = function.typeName,
        let stored = aliases.alias(ScopeClosureAliases.property(property, of: owner), context: owner)
      else { continue }
      function.parameters[index].storedAlias = stored.name
      if function.parameters[index].closureAlias == nil { function.parameters[index].closureAlias = stored.name }
    }
  }

  /// The first missing or unexpected token: where swiftc would report the syntax error.
  /// Code under an `#if` that may not be compiled is allowed not to parse (swiftc does not
  /// parse `#if compiler(>=…)` branches for a newer compiler either).
  private static func firstError(in tree: SourceFileSyntax, conditions: ConditionEvaluator) -> Syntax? {
    for token in tree.tokens(viewMode: .all)
    where token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
      if !conditions.mayBeSkipped(token) { return Syntax(token) }
    }
    return nil
  }
}
#endif
