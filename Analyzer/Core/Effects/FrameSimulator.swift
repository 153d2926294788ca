#if ImplicitsAnalysis
/// Pass 3 over one body: replays its effects against a stack of scope frames and turns
/// every read, call, closure and bag capture that is not satisfied locally into a
/// `Contribution` towards the frame that must satisfy it. Also reports misuse of scopes.
struct FrameSimulator {
  private struct Frame {
    enum Kind { case body, root(Int), bag(BagReference), nested }
    var kind: Kind
    var name: String?
    var provided: [KeyName] = []
  }

  private let nodeIndex: Int
  private var frames: [Frame]
  private var branches: [(frameCount: Int, provided: [KeyName])] = []
  /// Branches that ended, with what the frame they started in held at their end, for a
  /// `.joinBranches` that follows them: `depth` is how many branches enclosed them (the
  /// ones inside a later branch are dropped when it ends); `frameCount` is `nil` when the
  /// branch ended the frame it started in.
  private var endedBranches: [(depth: Int, frameCount: Int?, provided: [KeyName])] = []
  private(set) var contributions: [Contribution] = []
  private(set) var entries: [EntryPoint] = []
  private(set) var restores: [BagRestore] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// Each closure this body runs or hands on, and whether a scope is open there (see
  /// `sitsOnOpenScope`); not for a closure stored or escaping, which runs later.
  private(set) var closureReferences: [(node: Int, inOpenScope: Bool)] = []
  private let firstEntryIndex: Int
  /// The body runs in an open scope: in the scope of `.implicits { }` traits, or, for a
  /// closure, in place where its creator has a scope open. A scope it opens is a frame on
  /// top of that one (whose values stay visible), not an entry point of its own.
  private let runsInOpenScope: Bool
  /// The body receives a scope from its caller: a root scope it opens sits, as at run
  /// time, on what the caller provides.
  private let receivesScope: Bool

  /// - Parameters:
  ///   - traitKeys: for a test under `.implicits { }` traits, the keys they declare: the
  ///     body then runs in the trait's scope, an entry point that provides them.
  ///   - firstEntryIndex: index the file gives to this body's first root scope.
  ///   - receivesScope: whether `scopeParameter` is surely a scope (a closure's untyped
  ///     parameter may not be).
  ///   - sitsOnOpenScope: for a closure, whether every body that runs it has a scope open
  ///     where it does (`closureReferences`): `#expect(throws:) { }` or `forEach { }` in a
  ///     test under a trait, or inside `withScope { }`.
  init(
    node: BodyNode, index: Int, scopeParameter: String?, receivesScope: Bool, traitKeys: [KeyName]? = nil,
    sitsOnOpenScope: Bool = false, firstEntryIndex: Int
  ) {
    self.nodeIndex = index
    self.firstEntryIndex = firstEntryIndex
    self.runsInOpenScope = traitKeys != nil || sitsOnOpenScope
    self.receivesScope = receivesScope
    if let traitKeys {
      entries.append(EntryPoint(location: node.location, node: index))
      self.frames = [Frame(kind: .root(firstEntryIndex), name: scopeParameter, provided: traitKeys)]
    } else {
      self.frames = [Frame(kind: .body, name: scopeParameter)]
    }
  }

  mutating func run(_ effects: [Effect]) {
    for effect in effects { apply(effect) }
  }

  private mutating func apply(_ effect: Effect) {
    switch effect {
    case .read(let key, let location):
      contribute(.key(key), at: location, unlessProvided: key)
    case .provide(let key, let location):
      provide(key.spelling, at: location)
    case .provideUnderCondition(let key, let location, let condition):
      noteConditional(key.spelling, ConditionalDeclaration(location: location, condition: condition))
    case .call(let site):
      contribute(.call(site), at: site.location)
    case .closure(let node, let context, let location):
      switch context {
      case .escaping, .stored: closureReferences.append((node, false))
      case .inPlace, .argument, .called, .macro: closureReferences.append((node, inOpenScope))
      }
      contribute(.closure(node: node, context), at: location)
    case .captureBag(let site, let location):
      contribute(.bagCapture(site: site), at: location)
    case .callScopeClosure(let parameter, let location):
      contribute(.scopeClosure(parameter: parameter), at: location)
    case .callClosureValue(let shape, let parameter, let tentative, let location):
      contribute(.closureValue(shape, parameter: parameter, tentative: tentative), at: location)
    case .forwardScopeClosure(let parameter, let site, let argument):
      contribute(.forwardedScopeClosure(parameter: parameter, site, argument: argument), at: site.location)
    case .callComposedChain(let chain, let shape, let tentative, let location):
      contribute(.composedChain(chain, shape, tentative: tentative), at: location)
    case .openScope(let name, let kind, let location):
      open(kind, name: name, at: location)
    case .closeScope(let name, _):
      close(name)
    case .enterBranch:
      branches.append((frames.count, frames[frames.count - 1].provided))
    case .exitBranch:
      guard let branch = branches.popLast() else { return }
      while let last = endedBranches.last, last.depth > branches.count { endedBranches.removeLast() }
      // If the branch ended the frame it started in, its snapshot is of a frame now gone.
      guard frames.count >= branch.frameCount else {
        endedBranches.append((branches.count, nil, []))
        return
      }
      endedBranches.append((branches.count, branch.frameCount, frames[branch.frameCount - 1].provided))
      frames.removeLast(frames.count - branch.frameCount)
      frames[frames.count - 1].provided = branch.provided
    case .joinBranches(let arms, let reaching):
      joinBranches(arms, reaching: reaching)
    }
  }

  /// Provides what every alternative that reaches the statement's end provided (see
  /// `EffectCollector+BranchJoins`). Nothing when an alternative ended the frame it started
  /// in, or the alternatives are not the last branches that ended in this frame.
  private mutating func joinBranches(_ arms: Int, reaching: UInt64) {
    guard arms > 0, endedBranches.count >= arms else { return }
    let ended = endedBranches.suffix(arms)
    endedBranches.removeLast(arms)
    var common: Set<KeyName>?
    for (index, branch) in ended.enumerated() {
      guard branch.depth == branches.count, branch.frameCount == frames.count else { return }
      guard reaching & (1 << UInt64(index)) != 0 else { continue }
      common = common.map { $0.intersection(branch.provided) } ?? Set(branch.provided)
    }
    let provided = frames[frames.count - 1].provided
    for key in (common ?? []).subtracting(provided).sorted() { frames[frames.count - 1].provided.append(key) }
  }

  /// Walks frames outwards from the innermost, collecting what they provide, to the first
  /// frame that owns unmet requirements.
  private mutating func contribute(_ source: Source, at location: SourceLoc, unlessProvided key: KeyName? = nil) {
    var mask: [KeyName] = []
    for frame in frames.reversed() {
      mask.append(contentsOf: frame.provided)
      if let key, mask.contains(key) || mask.contains(KeyName.uninferable) { return }
      let sink: Sink
      switch frame.kind {
      case .nested: continue
      case .body: sink = .body(nodeIndex)
      case .root(let entry): sink = .entry(entry)
      case .bag(let bag): sink = .bag(bag)
      }
      contributions.append(Contribution(sink: sink, source: source, mask: mask, location: location, origin: nodeIndex))
      return
    }
  }

  private mutating func provide(_ key: KeyName, at location: SourceLoc) {
    let top = frames.count - 1
    if case .body = frames[top].kind {
      if key == KeyName.uninferable { return }
      diagnostics.append(.error(
        .declarationWithoutLocalScope, PassMessages.declarationWithoutLocalScope(key, scope: frames[top].name),
        at: location))
      return
    }
    frames[top].provided.append(key)
  }

  /// Recorded on the entry point whose requirements the declaration would have met.
  private mutating func noteConditional(_ key: KeyName, _ declaration: ConditionalDeclaration) {
    for frame in frames.reversed() {
      switch frame.kind {
      case .nested: continue
      case .root(let entry):
        entries[entry - firstEntryIndex].conditionalKeys[key] = entries[entry - firstEntryIndex].conditionalKeys[key] ?? declaration
      case .body, .bag: break
      }
      return
    }
  }

  /// Whether a scope is open here at run time: one this body opened, its caller's, or the
  /// one it runs in.
  private var inOpenScope: Bool { runsInOpenScope || receivesScope || frames.count > 1 }

  private mutating func open(_ kind: ScopeKind, name: String?, at location: SourceLoc) {
    switch kind {
    // A scope opened while another is open is, at run time, a frame on top of it
    // (`ImplicitScope()` hides nothing): so in a test's trait scope, inside `withScope {}`
    // or `withImplicits {}`, in a body that receives its caller's scope, and in a closure
    // run in place in any of those.
    case .root where inOpenScope:
      frames.append(Frame(kind: .nested, name: name))
    case .root:
      let index = firstEntryIndex + entries.count
      entries.append(EntryPoint(location: location, node: nodeIndex))
      frames.append(Frame(kind: .root(index), name: name))
    // An empty bag hides what is around it, like any restore, and provides nothing: what
    // is read under it must be declared under it.
    case .bag(.empty):
      let index = firstEntryIndex + entries.count
      entries.append(EntryPoint(location: location, node: nodeIndex, restoresEmptyBag: true))
      frames.append(Frame(kind: .root(index), name: name))
    case .bag(let bag):
      restores.append(BagRestore(bag: bag, location: location))
      frames.append(Frame(kind: .bag(bag), name: name))
    case .nested:
      frames.append(Frame(kind: .nested, name: name))
    }
  }

  /// Ending the body's own frame (the scope received from the caller) is an error that
  /// `ScopeLifetimeRule` reports; the frame stays.
  private mutating func close(_ name: String) {
    guard let index = frames.lastIndex(where: { $0.name == name }), index > 0 else { return }
    frames.removeLast(frames.count - index)
  }
}
#endif
