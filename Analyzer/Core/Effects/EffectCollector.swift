#if ImplicitsAnalysis
import SwiftSyntax

/// Pass 2 over one body: what it reads, provides, calls and which scopes it opens and
/// ends, in source order. Closures become their own nodes; `withScope {}` bodies and
/// `defer { scope.end() }` are inlined where they run.
final class EffectCollector: IfConfigWalker {
  let file: FileContext
  let declarations: DeclarationCollector
  let typeName: String?
  var effects: [Effect] = []
  /// What the collectors of the file found so far, `effects` aside: handed from one
  /// collector to the next (`handOver`), so the pass returns one value without copies.
  var found = FileEffects()
  /// What is in sight. Handed to the collectors of the closures and local functions
  /// walked inside this one and back (`handOver`), never copied (see `LexicalEnvironment`).
  var environment: LexicalEnvironment
  var withScopeCounter = 0
  /// A bag capture (`#implicits`, `Implicits.captureAll()`) not bound to a name: the
  /// expression → its bag site.
  private var unboundBagSites: [SyntaxIdentifier: Int] = [:]
  /// The handler a `ComposedChain` being bound starts from (`route` of `reduce(route)`),
  /// with its closure alias: it is stored in the chain, not run by `reduce`.
  private var chainRoutes: [SyntaxIdentifier: String] = [:]
  /// What `visit` classified each call being walked as, innermost last.
  private var classifiedCalls: [RuntimeCall] = []
  /// For each `#if` being walked, innermost last: the keys every clause walked so far
  /// provides (`nil` before the first, empty when a clause may be missing).
  private var provisionsOfEveryClause: [Set<WrittenKey>?] = []
  /// Where the effects of each undecided clause being walked start.
  private var clauseStarts: [Int] = []
  /// Local functions called above their declaration, their nodes made when their block
  /// started (`EffectCollector+ForwardLocalFunctions`): declaration → node.
  var forwardLocalFunctions: [SyntaxIdentifier: Int] = [:]

  init(
    file: FileContext, declarations: DeclarationCollector, typeName: String?,
    environment: consuming LexicalEnvironment
  ) {
    self.file = file
    self.declarations = declarations
    self.typeName = typeName
    self.environment = environment
    super.init(conditions: file.conditions)
  }

  /// Walks every body the declarations pass found, the closures found on the way, and
  /// the functions declared inside bodies.
  static func collectAll(in file: FileContext, declarations: DeclarationCollector) -> FileEffects {
    var found = FileEffects(after: declarations.bodies, functions: declarations.found.functions.count)
    var next = 0
    var environment = LexicalEnvironment()
    while true {
      let walks = declarations.bodies.walks
      let body: BodyWalk
      if next < walks.count {
        body = walks[next]
      } else if !found.localBodies.isEmpty {
        body = found.localBodies.removeFirst()
      } else {
        break
      }
      next += 1
      environment.beginBody(body)
      let collector = EffectCollector(
        file: file, declarations: declarations, typeName: body.typeName, environment: LexicalEnvironment())
      swap(&found, &collector.found)
      swap(&environment, &collector.environment)
      collector.registerForwardLocalFunctions(body.statements)
      for (key, location) in body.storedReads { collector.effects.append(.read(key, location)) }
      for statement in body.statements { collector.walk(statement) }
      if body.statements.count == 1 { collector.recordImplicitReturn(body.statements[0]) }
      if let value = body.initialValue {
        collector.walk(value)
        collector.recordFunctionValue(value)
      }
      collector.finishBlock()
      swap(&environment, &collector.environment)
      swap(&found, &collector.found)
      found.setEffects(collector.effects, of: body.node)
    }
    return found
  }

  /// Walks a nested body (a closure, a local function) with a collector that adds to
  /// this one's findings and sees this one's environment: they are handed over and back,
  /// never copied.
  private func handOver(to collector: EffectCollector, _ walk: () -> Void) {
    swap(&found, &collector.found)
    swap(&environment, &collector.environment)
    walk()
    collector.finishBlock()
    swap(&environment, &collector.environment)
    swap(&found, &collector.found)
  }

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol) {
    found.diagnostics.append(file.error(id, message, at: node))
  }

  func error(_ id: DiagnosticID, _ message: String, at location: SourceLoc) {
    found.diagnostics.append(.error(id, message, at: location))
  }

  /// Whether a call or an expression passes a scope in sight: read in the environment's two
  /// collections in place (see `LexicalEnvironment.passesScope`).
  private func passesScope(_ call: FunctionCallExprSyntax) -> Bool {
    LexicalEnvironment.passesScope(call, scopes: environment.scopes, tentativeScopes: environment.tentativeScopes)
  }

  private func passesScope(_ expr: ExprSyntax) -> Bool {
    LexicalEnvironment.passesScope(expr, scopes: environment.scopes, tentativeScopes: environment.tentativeScopes)
  }

  // MARK: Blocks, branches and defer

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    defer { enterNamesOfBlock(node) }
    return enterBranch()
  }
  override func visitPost(_ node: CodeBlockSyntax) { exitBranch() }
  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    registerForwardLocalFunctions(node)
    return .visitChildren
  }
  override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
  override func visitPost(_ node: SwitchCaseSyntax) { exitBranch() }
  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { walkAlternatives(node) }
  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { walkAlternatives(node) }
  override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind { walkAlternatives(node) }
  override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { walkAlternatives(node) }

  /// Every nested block may not run (or may run several times): what it provides does
  /// not survive it, unless it is one of the alternatives of a statement that always runs
  /// one of them (`EffectCollector+BranchJoins`).
  func enterBranch() -> SyntaxVisitorContinueKind {
    effects.append(.enterBranch)
    environment.enterBlock()
    return .visitChildren
  }

  func exitBranch() {
    finishBlock()
    environment.exitBlock()
    effects.append(.exitBranch)
  }

  /// Runs the block's `defer` bodies, last registered first.
  func finishBlock() {
    for effects in environment.deferred.reversed() { self.effects.append(contentsOf: effects) }
    environment.clearDeferred()
  }

  /// A `defer` body runs when the block ends, with the names visible where it is written
  /// and the frames open at the end: its effects are recorded now and replayed then.
  override func visit(_ node: DeferStmtSyntax) -> SyntaxVisitorContinueKind {
    let outer = effects
    effects = []
    registerForwardLocalFunctions(node.body.statements)
    for item in node.body.statements.elements { walk(item) }
    environment.addDeferred(effects)
    effects = outer
    return .skipChildren
  }

  // MARK: #if

  /// A condition the analyzer cannot decide is either way: each clause that may be
  /// compiled, and the implicit empty `#else`, is a configuration, walked like a branch so
  /// that what it provides counts within it; after the `#endif`, what every configuration
  /// provides. (A clause that leaves a scope open is walked straight: the scope crosses
  /// the `#if`, which `ScopeLifetimeRule` reports.) `BuildConfigurations` takes the
  /// conditions every way where it can; this walk is what remains beyond that.
  override func willWalkClauses(of node: IfConfigDeclSyntax, exhaustive: Bool) {
    provisionsOfEveryClause.append(exhaustive ? nil : [])
  }

  override func willWalk(_ clause: Clause) {
    guard !clause.isDecided else { return }
    clauseStarts.append(effects.count)
    effects.append(.enterBranch)
  }

  override func didWalk(_ clause: Clause) {
    guard !clause.isDecided else { return }
    let start = clauseStarts.removeLast()
    let last = provisionsOfEveryClause.count - 1
    let (provided, openScopes) = Self.outcome(of: effects[(start + 1)...])
    if openScopes > 0 {
      effects.remove(at: start)
      provisionsOfEveryClause[last] = []
      return
    }
    effects.append(.exitBranch)
    provisionsOfEveryClause[last] = provisionsOfEveryClause[last].map { $0.intersection(provided.keys) } ?? Set(provided.keys)
    for (key, location) in provided.sorted(by: { $0.key < $1.key }) {
      effects.append(.provideUnderCondition(key, location, condition: clause.whenCompiled))
    }
  }

  override func didWalkClauses(of node: IfConfigDeclSyntax) {
    guard let common = provisionsOfEveryClause.removeLast() else { return }
    let location = file.location(of: node)
    for key in common.sorted() { effects.append(.provide(key, location)) }
  }

  /// What a clause's effects provide in the frame the clause starts in, and how many
  /// scopes it leaves open.
  private static func outcome(of effects: ArraySlice<Effect>) -> (provided: [WrittenKey: SourceLoc], openScopes: Int) {
    var provided: [WrittenKey: SourceLoc] = [:]
    var depth = 0
    for effect in effects {
      switch effect {
      case .enterBranch, .openScope: depth += 1
      case .exitBranch, .closeScope: depth -= 1
      case .provide(let key, let location) where depth == 0: provided[key] = provided[key] ?? location
      default: break
      }
    }
    return (provided, max(depth, 0))
  }

  // MARK: Nested declarations

  /// A local function without a scope parameter of its own runs with what is visible where
  /// it is called: its body is a closure, run in place at each call (kept or passed on, it
  /// escapes like one). That holds whether it names the enclosing scope (`charge(scope)`)
  /// or only reads (`@Implicit var settings: Settings`), and wherever it is declared: a read
  /// finds whatever the thread or task has declared by the time of the call. The
  /// scope-parameter rule tells users to drop such a function's own scope parameter, so its
  /// reads must not then be rejected. A local function with a scope parameter is a function
  /// like any other.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let ownScope = node.signature.parameterClause.parameters.elements.contains { ScopeType.isScope($0.type) }
    guard !ownScope, let body = node.body else {
      let read = declarations.localFunction(
        node, typeName: typeName, numbered: (found.nextFunction, found.nextNode))
      found.add(read.function, node: read.node)
      if let walk = read.walk { found.localBodies.append(walk) }
      found.diagnostics += read.diagnostics
      return .skipChildren
    }
    let forward = forwardLocalFunctions.removeValue(forKey: node.id)
    let index = forward ?? found.add(localFunctionNode(node))
    environment.enterNestedBody(isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil)
    // Its parameters hide a chain of their name.
    if !environment.composedChains.isEmpty {
      for parameter in node.signature.parameterClause.parameters {
        environment.setComposedChain((parameter.secondName ?? parameter.firstName).text, nil)
      }
    }
    let collector = EffectCollector(file: file, declarations: declarations, typeName: typeName, environment: LexicalEnvironment())
    handOver(to: collector) { collector.walk(body.statements) }
    environment.exitBlock()
    found.setEffects(collector.effects, of: index)
    // One called above is in sight since its block started (`registerForwardLocalFunctions`).
    if forward == nil { registerLocalFunction(node, index) }
    return .skipChildren
  }

  /// The node of a local function without a scope parameter: a closure run at each call.
  func localFunctionNode(_ node: FunctionDeclSyntax) -> BodyNode {
    BodyNode(
      kind: .closure(scopeParameter: nil), name: "local function '\(node.name.text)'",
      location: file.location(of: node.name), typeName: typeName)
  }

  /// Brings the local function `node` into sight as `index`, after the overloads of its
  /// name declared before it in its block.
  func registerLocalFunction(_ node: FunctionDeclSyntax, _ index: Int) {
    if let earlier = environment.localFunctions[node.name.text], Self.isOverloaded(node) {
      found.earlierOverloads[index] = earlier
    }
    environment.setLocalFunction(node.name.text, index)
  }

  /// Another local function of the same name in the same block (`show(_ x: Int)`,
  /// `show(_ x: String)`): its calls are told apart by type, which the analyzer does not
  /// follow, so a call by that name runs both (`FileEffects.earlierOverloads`). One in an
  /// inner block hides the outer one instead, as in Swift.
  private static func isOverloaded(_ node: FunctionDeclSyntax) -> Bool {
    guard let block = node.parent?.parent?.as(CodeBlockItemListSyntax.self) else { return false }
    return block.contains { item in
      guard let other = item.item.as(FunctionDeclSyntax.self), other.id != node.id else { return false }
      return other.name.text == node.name.text
    }
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { addLocalType(node.name, node.memberBlock) }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { addLocalType(node.name, node.memberBlock) }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { addLocalType(node.name, node.memberBlock) }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { addLocalType(node.name, node.memberBlock) }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // MARK: Variables: reads, provisions, scopes and bags

  // Names and the keys of their values: `EffectCollector+NameKeys`.
  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { bindPattern(node) }
  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind { bindOptional(node) }
  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { bindLoopVariable(node) }

  /// Read from the variable's `VariableFacts`: a typed binding is made only for a value to
  /// walk or a written-out type (this runs for every variable of every body).
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let facts = VariableFacts(node)
    for (index, binding) in facts.bindings.enumerated() {
      if facts.implicit != nil {
        implicitVariable(node, facts, binding: index)
      } else if let name = binding.name, binding.hasValue {
        let typed = node.binding(at: index)
        guard let value = typed.initializer?.value else { continue }
        // A top-level `let` of `main.swift` is a global other files may use: not a local name.
        // (Asked only of a closure: only a named closure's effects are replayed.)
        let isLocalConstant = facts.isLet && (value.is(ClosureExprSyntax.self) || namesFunctionValue(value))
          && node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true
        bind(name, to: value, annotation: typed.typeAnnotation?.type, isConstant: isLocalConstant, isLet: facts.isLet)
      } else if let name = binding.name, binding.hasAnnotation {
        hideScope(name)
        switch binding.annotation {
        case .name(let type):
          environment.setType(type, of: name)
          bindName(name, key: .spelled(type))
        default:
          guard let type = node.binding(at: index).typeAnnotation?.type else { continue }
          environment.setType(KeyInference.typeName(type), of: name)
          bindName(name, key: .spelled(KeySpelling.canonical(type)))
        }
      } else if binding.name == nil {
        // `let (total, later) = withScope { … }`, `let _ = run(scope)`: no one name to bind
        // the value to, but it runs all the same, before the pattern binds.
        let typed = node.binding(at: index)
        if let value = typed.initializer?.value {
          walk(value)
          recordFunctionValue(value)
        }
        walk(typed.pattern)
        typeTupleNames(typed.pattern, annotation: typed.typeAnnotation?.type, value: typed.initializer?.value)
      }
    }
    return .skipChildren
  }

  private func implicitVariable(_ node: VariableDeclSyntax, _ facts: VariableFacts, binding index: Int) {
    let binding = facts.bindings[index]
    let name = binding.name ?? "_"
    let value = binding.hasValue ? node.binding(at: index).initializer?.value : nil
    if let value {
      walk(value)
      recordFunctionValue(value)
    }
    let location = file.location(atUTF8Offset: binding.patternOffset)
    guard let key = ImplicitAttribute.key(of: node, facts, binding: index, value: value, names: nameKey)
      .map({ $0.naming(name) })
    else {
      error(.keyNotInferable, ImplicitAttribute.cannotInferMessage(name), at: location)
      provideUninferable(declares: value != nil, at: location)
      return
    }
    // A value's key is scanned in all its fields, as written.
    if !environment.genericParameters.isEmpty,
      let generic = KeyInference.genericParameter(in: key.spelling, environment.genericParameters)
    {
      error(.keyNotInferable, ImplicitAttribute.genericMessage(name, generic), at: location)
      provideUninferable(declares: value != nil, at: location)
      return
    }
    bindName(name, key: key)
    // Without a value, the key is the attribute's or the annotation's: spelled.
    if value == nil, case .spelled(let spelling) = key {
      effects.append(.read(spelling, location))
    } else {
      effects.append(.provide(key, location))
    }
  }

  /// A declaration whose key is not known provides a value nonetheless: reads after it
  /// are not reported a second time as unresolved.
  private func provideUninferable(declares: Bool, at location: SourceLoc) {
    if declares { effects.append(.provide(.spelled(KeyName.uninferable), location)) }
  }

  /// `let s = ImplicitScope()`, `let s = scope.nested()`, `let b = #implicits` (or
  /// `Implicits.captureAll()`), `let x = T()`,
  /// `let load = { … }`.
  private func bind(_ name: String, to value: ExprSyntax, annotation: TypeSyntax?, isConstant: Bool, isLet: Bool) {
    environment.setLocalFunction(name, nil)
    environment.setComposedChain(name, nil)
    environment.setEmptyBag(name, false)
    environment.setStoredScopeCopy(name, false)
    bindName(
      name, key: annotation.map { .spelled(KeySpelling.canonical($0)) } ?? valueKey(of: value, variable: name),
      memberAccess: value.is(MemberAccessExprSyntax.self) ? value : nil)
    if RuntimeCall.isEmptyBag(value) {
      hideScope(name)
      environment.setEmptyBag(name, true)
      return
    }
    if namesScopeSetOnType(value) {
      hideScope(name)
      environment.setStoredScopeCopy(name, true)
      return
    }
    // A named closure runs where it is called (or wherever it is passed), not where it is
    // written: its effects are replayed at each use of the name.
    if isConstant, let closure = value.as(ClosureExprSyntax.self) {
      let closureType = annotation.map { LocalTypeAliases.resolved($0, around: value) }
      let scopeParameter = ClosureSignature.scopeParameter(of: closure, boundTo: closureType)
      let node = closureNode(closure, scopeParameter: scopeParameter)
      // `let pick: PickHandler = { row, scope in … }`: the alias says which parameter is the
      // scope, once every file is read.
      if let alias = closureType.flatMap({ ClosureSignature.possibleAlias(SyntaxFacts.storedElement(of: $0)) }) {
        if scopeParameter == nil { found.setClosureAlias(alias, of: node) }
        found.localClosureTypes[node] = alias
      }
      environment.setLocalFunction(name, node)
      hideScope(name)
      return
    }
    if let capture = BagCapture(value) {
      hideScope(name)
      let site = found.add(file.bagSite(name: name, capture, at: value))
      effects.append(.captureBag(site: site, file.location(of: value)))
      environment.setBag(name, site)
      return
    }
    if let call = value.as(FunctionCallExprSyntax.self),
      let kind = scopeKind(of: runtimeCall(call, contextualType: annotation))
    {
      walkArguments(of: call)
      effects.append(.openScope(name: name, kind, file.location(of: call)))
      environment.insertScope(name)
      environment.setScopeAlias(name, nil)
      return
    }
    // `let b = implicits`: the same bag under another name.
    if let alias = value.as(DeclReferenceExprSyntax.self)?.baseName.text {
      if let site = environment.bags[alias] {
        hideScope(name)
        environment.setBag(name, site)
        return
      }
      if let parameter = environment.bagParameters[alias] {
        hideScope(name)
        environment.setBagParameter(name, parameter)
        return
      }
    }
    // `let s = scope`: `s` is the same scope under another name.
    if let alias = value.as(DeclReferenceExprSyntax.self)?.baseName.text, environment.scopes.contains(alias) {
      environment.insertScope(name)
      let scope = environment.scopeAliases[alias] ?? alias
      environment.setScopeAlias(name, scope)
      if let position = environment.tentativeScopes[alias] { environment.setTentativeScope(name, position) }
      return
    }
    // (A global's route is no local closure: a chain is always local.)
    let chain = isLet && !environment.localFunctions.isEmpty ? composedChain(value) : nil
    if isConstant {
      // `let step = handleTap`: runs where `step` is called, as a named closure does; the
      // name keeps what else the value says of it (`let total = counter` is no function).
      environment.setLocalFunction(name, functionValueNode(value))
    } else {
      walk(value)
      recordFunctionValue(value)
    }
    if let chain {
      chainRoutes = [:]
      environment.setComposedChain(name, chain)
    }
    hideScope(name)
    // A reader copies the environment: made only for a metatype.
    if CallSiteReader.namesMetatype(value),
      let receiver = CallSiteReader(file: file, collector: self, typeName: typeName).metatype(value)
    {
      environment.setMetatype(name, receiver)
      return
    }
    if let type = annotation.map(KeyInference.typeName) ?? KeyInference.key(fromValue: value)
      ?? CallSiteReader.resultOfCall(value) ?? SyntaxFacts.castType(of: value)
      ?? RuntimeCall.withScopeResult(value).flatMap({ KeyInference.key(fromValue: $0) ?? CallSiteReader.resultOfCall($0) })
      ?? heldScopeType(value)
    {
      environment.setType(type, of: name)
    }
  }

  /// `value` if it composes a `ComposedChain` around a local closure constant of a type that
  /// may be a closure alias (`let route: Handler = { … }`); marks that reference as the chain's.
  private func composedChain(_ value: ExprSyntax) -> ComposedChain? {
    guard let parts = ComposedChain.parse(value) else { return nil }
    let routeName = parts.initial.baseName.text
    guard let route = environment.localFunctions[routeName], let alias = found.localClosureTypes[route] else { return nil }
    chainRoutes[parts.initial.id] = alias
    return ComposedChain(layers: parts.layers, route: route, routeName: routeName, nextPosition: parts.nextPosition)
  }

  /// `let scope = 2` hides a scope of that name: a name that is not an `ImplicitScope` is
  /// never a scope.
  func hideScope(_ name: String) {
    guard environment.scopes.contains(name) else { return }
    environment.removeScope(name)
    environment.setScopeAlias(name, nil)
    environment.setTentativeScope(name, nil)
  }

  // MARK: Bag captures not bound to a name

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    guard let capture = BagCapture(ExprSyntax(node)) else { return .visitChildren }
    captureUnboundBag(capture, ExprSyntax(node))
    return .skipChildren
  }

  /// A bag captured as an argument (`enqueue(#implicits)`) or assigned to a stored property.
  private func captureUnboundBag(_ capture: BagCapture, _ node: ExprSyntax) {
    let site = found.add(file.bagSite(name: nil, capture, at: node))
    effects.append(.captureBag(site: site, file.location(of: node)))
    unboundBagSites[node.id] = site
    if let typeName, let list = node.parent?.as(ExprListSyntax.self), list.count == 3, list.last?.id == node.id,
      list.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = list.first,
      let property = assignedProperty(target)
    {
      found.assignedBags.append(AssignedBag(type: typeName, name: property, bag: .site(site), location: file.location(of: node)))
    }
  }

  /// `self.implicits = implicits` where `implicits` is an `Implicits` parameter: the type
  /// keeps the bag its caller hands it, which must hold what restores of the property need.
  func recordKeptBagParameter(_ elements: [ExprSyntax]) {
    guard elements.count == 3, let typeName, elements[1].is(AssignmentExprSyntax.self),
      let name = elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text,
      let parameter = environment.bagParameters[name], let property = assignedProperty(elements[0])
    else { return }
    found.assignedBags.append(AssignedBag(type: typeName, name: property, bag: parameter, location: file.location(of: elements[0])))
  }

  /// The stored property assigned to in `target = …`: `implicits` (a name that is not a
  /// local variable) or `self.implicits`.
  private func assignedProperty(_ target: ExprSyntax) -> String? {
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      let isLocal = environment.variableTypes[name] != nil || environment.bags[name] != nil
        || environment.bagParameters[name] != nil
      return isLocal ? nil : name
    }
    if let member = target.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return member.declName.baseName.text
    }
    return nil
  }

  // MARK: Calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    var call = runtimeCall(node)
    // A function of this file named like a wrapper is an ordinary function.
    if case .closureWrapper(let name, _) = call, declaresFunction(name) { call = .ordinary }
    // `visitPost` switches on the same classification.
    classifiedCalls.append(call)
    switch call {
    case .end(let name):
      effects.append(.closeScope(name: environment.scopeAliases[name] ?? name, file.location(of: node)))
      return .skipChildren
    case .closureWrapper(let name, let body):
      collectClosureWrapper(ClosureWrapperCall(name: name, closure: body), at: node)
      return .skipChildren
    case .withScope(let form, let body):
      inlineWithScope(node, form, body: body)
      return .skipChildren
    case .withImplicits(let declarations, let operation):
      inlineWithImplicits(declarations, operation, at: node)
      return .skipChildren
    case .bagCapture(let capture):
      captureUnboundBag(capture, ExprSyntax(node))
      return .skipChildren
    case .map(let from, let to):
      walkArguments(of: node)
      let location = file.location(of: node)
      guard let keys = mapKeys(from: from, to: to) else {
        error(.keyNotInferable, PassMessages.mapKeysNotInferable, at: node)
        return .skipChildren
      }
      effects.append(.read(keys.from, location))
      effects.append(.provide(.spelled(keys.to), location))
      return .skipChildren
    // A scope that is not bound to a name (reported by `ScopeLifetimeRule`).
    case .rootScope, .bagScope, .nestedScope:
      // `self.scope = ImplicitScope()` in `setUp` or a suite's `init`: reported there once;
      // what the body declares after it goes into a scope the analyzer does not follow.
      if SyntaxFacts.propertySetToScope(node) != nil { openUnfollowedScope(at: node) }
      return .skipChildren
    case .emptyBag, .ordinary:
      return .visitChildren
    }
  }

  override func visitPost(_ node: FunctionCallExprSyntax) {
    let call = classifiedCalls.removeLast()
    // A reader copies the environment: made only where a call site is read.
    func reader() -> CallSiteReader { CallSiteReader(file: file, collector: self, typeName: typeName) }
    var callsLocalClosure = false
    // The callee's name is a new `String`: read only where a local function may be called.
    if !environment.localFunctions.isEmpty,
      let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let local = environment.localFunctions[name]
    {
      appendRuns(of: local, .called(reader().site(of: node).signature), at: node)
      callsLocalClosure = true
    }
    switch call {
    case .ordinary, .emptyBag: break
    default: return
    }
    let arguments = CallArgumentFacts(node)
    guard !arguments.isEmpty else { return }
    recordBagArguments(of: node, arguments, reader)
    if arguments.hasMemberAccess || (arguments.hasReference && !environment.memberAccesses.isEmpty) {
      recordClosureArguments(of: node, reader)
    }
    reportUnfollowedScopes(in: node.arguments)
    // The scope passed to a local closure is its scope parameter: the closure's own node
    // carries what it needs.
    guard !callsLocalClosure, passesScope(node) else { return }
    forwardScopeClosureParameters(in: node, reader)
    if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let parameter = environment.scopeClosures[name]
    {
      effects.append(.callScopeClosure(parameter: parameter, file.location(of: node)))
    } else if !environment.composedChains.isEmpty,
      let chain = node.calledExpression.as(DeclReferenceExprSyntax.self).flatMap({ environment.composedChains[$0.baseName.text] }),
      case let values = calledClosureValue(node), !values.isEmpty
    {
      for value in values {
        effects.append(.callComposedChain(chain, value.shape, tentative: value.tentative, file.location(of: node)))
      }
    } else if let type = callAsFunctionType(of: node) {
      effects.append(.call(reader().site(of: node).toCallAsFunction(of: type, isValueCall: false)))
    } else if case let values = calledClosureValue(node), !values.isEmpty {
      for value in values {
        effects.append(.callClosureValue(
          value.shape, parameter: value.parameter, tentative: value.tentative, file.location(of: node)))
      }
      if let site = writtenCallAsFunctionCall(of: node, reader) { effects.append(.call(site)) }
    } else {
      effects.append(.call(reader().site(of: node, contextualType: implicitMemberContext(of: node))))
    }
  }

  /// A scope the analyzer did not see created or received (a stored property, a second
  /// scope parameter, a variable set from a call) may carry any implicits: passing it on
  /// is reported rather than ignored.
  /// (The arguments' node is made only when there is such a scope in sight.)
  private func reportUnfollowedScopes(in arguments: @autoclosure () -> LabeledExprListSyntax) {
    guard !environment.scopeTypedVariables.isEmpty || !declarations.scopeProperties.isEmpty
      || !declarations.scopeHolderProperties.isEmpty
    else { return }
    for argument in arguments().elements where !namesScopeSetOnType(argument.expression) {
      var expr = argument.expression
      expr = SyntaxFacts.unwrappingOptionals(expr)
      var name: String?
      var isScope = false
      var isStored = false
      if let reference = expr.as(DeclReferenceExprSyntax.self) {
        let text = reference.baseName.text
        guard !environment.scopes.contains(text) else { continue }
        name = text
        if let type = environment.variableTypes[text] {
          isScope = environment.scopeTypedVariables.contains(text) && ScopeType.isScope(spelling: type)
        } else {
          isScope = storedScopeProperties.contains(text)
          isStored = isScope
        }
      } else if let member = expr.as(MemberAccessExprSyntax.self),
        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
      {
        name = "self." + member.declName.baseName.text
        isScope = storedScopeProperties.contains(member.declName.baseName.text)
        isStored = isScope
      } else if let held = heldScope(expr) {
        // `scopes[0]`, `scopes.first!`, `pair.0`: a scope kept in a collection or tuple.
        (name, isScope, isStored) = (held.name, held.isScope, held.isStored)
      } else if let member = expr.as(MemberAccessExprSyntax.self),
        let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let type = environment.variableTypes[base]
      {
        // `context.scope` where `context` is a value of a type of this file that stores one.
        name = base + "." + member.declName.baseName.text
        isScope = declarations.scopeProperties[CallSiteReader.stripGenerics(type)]?
          .contains(member.declName.baseName.text) == true
        isStored = isScope
      }
      guard isScope, let name else { continue }
      error(.scopeNotFollowed, PassMessages.scopeNotFollowed(name, isStored: isStored), at: expr)
    }
  }

  /// `ImplicitScope` for `scopes[0]`, `scopes.first!`, `pair.0` (`heldScope(_:)`): a name
  /// bound to one is a scope the analyzer cannot follow.
  func heldScopeType(_ value: ExprSyntax) -> String? {
    guard !environment.scopeTypedVariables.isEmpty || !declarations.scopeHolderProperties.isEmpty else { return nil }
    var value = value
    value = SyntaxFacts.unwrappingOptionals(value)
    return heldScope(value)?.isScope == true ? ScopeType.name : nil
  }

  /// `scopes[0]`, `scopes.first`, `pair.0` where `scopes`, `pair` is a variable or
  /// parameter whose written type holds scopes: the expression, and whether it is a scope.
  private func heldScope(_ expr: ExprSyntax) -> (name: String, isScope: Bool, isStored: Bool)? {
    if let access = expr.as(SubscriptCallExprSyntax.self), let holder = scopeHolderType(access.calledExpression) {
      return (access.trimmedDescription, ScopeType.subscriptIsScope(of: holder.type), holder.isStored)
    }
    if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let holder = scopeHolderType(base) {
      let isScope = ScopeType.memberIsScope(member.declName.baseName.text, of: holder.type)
      return (member.trimmedDescription, isScope, holder.isStored)
    }
    return nil
  }

  /// The written type of `scopes` or `self.scopes`: a variable, parameter or stored property
  /// of the enclosing type (declared in this file) that holds scopes.
  private func scopeHolderType(_ base: ExprSyntax) -> (type: String, isStored: Bool)? {
    var name: String
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
      if let type = environment.variableTypes[name] {
        return environment.scopeTypedVariables.contains(name) ? (type, false) : nil
      }
    } else if let member = base.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
    } else {
      return nil
    }
    guard let typeName, !declarations.scopeHolderProperties.isEmpty else { return nil }
    return declarations.scopeHolderProperties[typeName]?[name].map { ($0, true) }
  }

  /// Whether the file declares a function named `name` (inside bodies: walked so far).
  private func declaresFunction(_ name: String) -> Bool {
    declarations.declaresFunction(name) || found.localFunctions.contains { $0.baseName == name }
  }

  /// A frame that provides whatever is asked of it: a scope stored on the type is reported
  /// once where it is stored (`scope-not-let`), not at each declaration and use.
  func openUnfollowedScope(at node: some SyntaxProtocol) {
    withScopeCounter += 1
    let location = file.location(of: node)
    effects.append(.openScope(name: "#stored\(withScopeCounter)", .root, location))
    effects.append(.provide(.spelled(KeyName.uninferable), location))
  }

  /// `scope`, `self.scope` (also unwrapped) or a local copy of one, where the type sets
  /// that property to a scope it creates.
  func namesScopeSetOnType(_ expr: ExprSyntax) -> Bool {
    var expr = expr
    expr = SyntaxFacts.unwrappingOptionals(expr)
    guard let typeName, let properties = declarations.propertiesSetToScopes[typeName] else { return false }
    if let reference = expr.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if environment.storedScopeCopies.contains(name) { return true }
      return !environment.scopes.contains(name) && environment.variableTypes[name] == nil && properties.contains(name)
    }
    guard let member = expr.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    else { return false }
    return properties.contains(member.declName.baseName.text)
  }

  /// Stored properties of the enclosing type (declared in this file) of type `ImplicitScope`.
  private var storedScopeProperties: Set<String> {
    guard let typeName else { return [] }
    return declarations.scopeProperties[typeName] ?? []
  }

  /// `enqueue(#implicits)`, `replay(bag)`, `replay(Implicits())`: a bag handed to a
  /// function, which may restore it.
  private func recordBagArguments(
    of call: FunctionCallExprSyntax, _ arguments: CallArgumentFacts, _ reader: () -> CallSiteReader
  ) {
    let storedBags = storedBagProperties
    guard !unboundBagSites.isEmpty || !environment.bags.isEmpty || !environment.bagParameters.isEmpty
      || !environment.emptyBags.isEmpty || !storedBags.isEmpty
      || (arguments.hasCall && call.arguments.contains(where: { RuntimeCall.isEmptyBag($0.expression) }))
      || (!environment.variableTypes.isEmpty && call.arguments.contains(where: { propertyOfTypedValue($0.expression) != nil }))
    else { return }
    var site: CallSite?
    for (index, argument) in call.arguments.enumerated() {
      let bag: BagReference
      if let known = unboundBagSites[argument.expression.id] {
        bag = .site(known)
      } else if let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let known = environment.bags[name].map(BagReference.site) ?? environment.bagParameters[name]
          ?? (environment.emptyBags.contains(name) ? .empty : nil)
      {
        bag = known
      } else if RuntimeCall.isEmptyBag(argument.expression) {
        bag = .empty
      } else if let typeName, let property = storedBagProperty(argument.expression, among: storedBags) {
        bag = .property(type: typeName, name: property)
      } else if let (type, property) = propertyOfTypedValue(argument.expression) {
        // A bag property of that type if it has one (`GraphBuilder.link` finds out; any
        // other property resolves to no bag and is ignored).
        bag = .property(type: type, name: property)
      } else {
        continue
      }
      site = site ?? reader().site(of: call, contextualType: implicitMemberContext(of: call))
      found.bagPasses.append(BagPass(call: site!, argument: index, bag: bag))
    }
  }

  /// Stored bag properties of the enclosing type (declared in this file).
  private var storedBagProperties: Set<String> {
    guard let typeName else { return [] }
    return declarations.bagPropertyNames[typeName] ?? []
  }

  /// `describe(with: implicits)` or `self.implicits`: the stored bag property handed on,
  /// unless a local of that name hides it.
  private func storedBagProperty(_ expression: ExprSyntax, among properties: Set<String>) -> String? {
    if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
      let isLocal = environment.variableTypes[name] != nil || environment.bags[name] != nil
        || environment.bagParameters[name] != nil || environment.emptyBags.contains(name)
      return !isLocal && properties.contains(name) ? name : nil
    }
    guard let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    else { return nil }
    let name = member.declName.baseName.text
    return properties.contains(name) ? name : nil
  }

  /// `environment.implicits` where `environment` is a local or a parameter whose type is
  /// written or read from its value, or a stored property of the enclosing type declared
  /// in this file (`environment` or `self.environment`, a local of that name hiding it):
  /// that type and the property's name.
  func propertyOfTypedValue(_ expression: ExprSyntax) -> (type: String, property: String)? {
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
    var type: String?
    if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, name != "self" {
      type = environment.variableTypes[name] ?? storedPropertyType(name, unlessLocal: true)
    } else if let inner = base.as(MemberAccessExprSyntax.self),
      inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      type = storedPropertyType(inner.declName.baseName.text, unlessLocal: false)
    }
    guard let type, KeyInference.isTypeLike(type) else { return nil }
    return (type, member.declName.baseName.text)
  }

  /// The written type of the enclosing type's stored property `name`, unless a local or
  /// parameter of that name hides it (when `unlessLocal`).
  private func storedPropertyType(_ name: String, unlessLocal: Bool) -> String? {
    guard let typeName else { return nil }
    if unlessLocal, environment.bags[name] != nil || environment.bagParameters[name] != nil
      || environment.emptyBags.contains(name) || environment.nameKeys[name] != nil || environment.scopes.contains(name)
    {
      return nil
    }
    return declarations.storedPropertyType(name, of: typeName)
  }

  /// The contextual type, needed only by `.init(…)` / `.member(…)` calls.
  private func implicitMemberContext(of call: FunctionCallExprSyntax) -> String? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
    return contextualType(of: call)
  }

  /// The type a call's value is declared as: `let x: T = .init(…)`, `return .init(…)`, or
  /// the single expression of a function body.
  private func contextualType(of call: FunctionCallExprSyntax) -> String? {
    var node = Syntax(call)
    while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
      node = parent
    }
    if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
      let type = binding.typeAnnotation?.type
    {
      return KeyInference.typeName(type)
    }
    if node.parent?.is(ReturnStmtSyntax.self) == true { return environment.returnType }
    if let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
      list.count == 1, list.parent?.parent?.is(FunctionDeclSyntax.self) == true
    {
      return environment.returnType
    }
    return nil
  }

  /// `catalog[id, scope]`.
  override func visitPost(_ node: SubscriptCallExprSyntax) {
    reportUnfollowedScopes(in: node.arguments)
    guard node.arguments.elements.contains(where: { passesScope($0.expression) })
    else { return }
    effects.append(.call(CallSiteReader(file: file, collector: self, typeName: typeName).site(of: node)))
  }

  /// `amount ~> scope`: the operators next to a scope operand (the sequence is not folded,
  /// so both neighbours are candidates; only operators declared with a scope resolve).
  override func visitPost(_ node: SequenceExprSyntax) {
    let elements = Array(node.elements.elements)
    recordAssignedValues(elements)
    recordClosureCopies(elements)
    recordPropertyWrite(elements)
    if !environment.bagParameters.isEmpty { recordKeptBagParameter(elements) }
    var operators: Set<Int> = []
    for (index, element) in elements.enumerated() where passesScope(element) {
      for neighbour in [index - 1, index + 1] where elements.indices.contains(neighbour) {
        if elements[neighbour].is(BinaryOperatorExprSyntax.self) { operators.insert(neighbour) }
      }
    }
    guard !operators.isEmpty else { return }
    let reader = CallSiteReader(file: file, collector: self, typeName: typeName)
    for index in operators.sorted() {
      let token = elements[index].cast(BinaryOperatorExprSyntax.self).operator
      let operands = [elements[index - 1], elements[index + 1]]
      effects.append(.call(reader.site(ofOperator: token, operands: operands, at: elements[index])))
    }
  }

  override func visitPost(_ node: PrefixOperatorExprSyntax) {
    guard passesScope(node.expression) else { return }
    let reader = CallSiteReader(file: file, collector: self, typeName: typeName)
    effects.append(.call(reader.site(ofOperator: node.operator, operands: [node.expression], at: node)))
  }

  override func visitPost(_ node: PostfixOperatorExprSyntax) {
    guard passesScope(node.expression) else { return }
    let reader = CallSiteReader(file: file, collector: self, typeName: typeName)
    effects.append(.call(reader.site(ofOperator: node.operator, operands: [node.expression], at: node)))
  }

  func walkArguments(of call: FunctionCallExprSyntax) {
    for argument in call.arguments.elements {
      walk(argument.expression)
      recordArgumentValue(argument)
    }
  }

  // MARK: Closures

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    var context = closureContext(ExprSyntax(node))
    if context == .escaping, let stored = storedClosureType(of: node) {
      context = .stored(type: stored.type, scopePosition: stored.position, inProperty: storedIntoProperty(node))
    }
    var constant: ClosureConstant?
    if case .stored = context { constant = ClosureConstant(node) }
    let index = closureNode(
      node, scopeParameter: ClosureSignature.scopeParameter(of: node), context: context, isConstant: constant != nil)
    // Stored as a scope-taking closure type (which the graph tells once every file is read).
    if let constant { found.setConstant(constant, of: index) }
    effects.append(.closure(node: index, context, file.location(of: node)))
    return .skipChildren
  }

  /// A local closure or function named anywhere but as the callee of a call (`load(scope)`,
  /// handled with the call) runs wherever that use sends it: passed as an argument, it
  /// runs as its parameter says; stored or returned, it escapes.
  override func visitPost(_ node: DeclReferenceExprSyntax) {
    guard !environment.localFunctions.isEmpty,
      let local = environment.localFunctions[node.baseName.text]
    else { return }
    if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return }
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return }
    if !chainRoutes.isEmpty, let alias = chainRoutes[node.id] {
      // Runs where the chain's innermost layer calls `next`; as a value, a closure of its alias.
      effects.append(.closure(
        node: local, .stored(type: alias, scopePosition: nil, inProperty: false), file.location(of: node)))
      return
    }
    appendRuns(of: local, closureContext(ExprSyntax(node)), at: node)
  }

  // A function of the module's named as a value (`+FunctionValues`), asked where a value
  // stands: `run(handleTap, scope)`, `[handleA, handleB]`, `["tap": handleTap]`,
  // `return handleTap`; assigned and initial values with the sequence and the variable.
  override func visitPost(_ node: LabeledExprSyntax) { recordArgumentValue(node) }
  override func visitPost(_ node: ArrayElementSyntax) { recordFunctionValue(node.expression) }
  override func visitPost(_ node: DictionaryElementSyntax) { recordFunctionValue(node.value) }
  override func visitPost(_ node: ReturnStmtSyntax) {
    if let expression = node.expression { recordReturnedValue(expression) }
  }
  /// `func action() -> RowAction { handleTap }`: a body of one expression returns it.
  /// (Asked of a block of one statement: asked of every statement, it cost 0.3 % of a cold
  /// check. A declaration's own body is walked statement by statement, in `collectAll`.)
  override func visitPost(_ node: CodeBlockItemListSyntax) {
    if node.count == 1, let only = node.first { recordImplicitReturn(only) }
  }

  private func recordImplicitReturn(_ statement: CodeBlockItemSyntax) {
    if case .expr(let expression) = statement.item { recordReturnedValue(expression) }
  }

  /// A use of a local function by name runs its closure, and those of the overloads
  /// declared before it in the same block (`FileEffects.earlierOverloads`).
  private func appendRuns(of local: Int, _ context: ClosureContext, at node: some SyntaxProtocol) {
    let location = file.location(of: node)
    var closure: Int? = local
    while let current = closure {
      effects.append(.closure(node: current, context, location))
      closure = found.earlierOverloads[current]
    }
  }

  /// Collects a closure literal's body into a node of its own; the caller records where
  /// it runs.
  /// - Parameter restoring: the body runs in a scope of that name restored from that bag
  ///   site (a named closure wrapper's).
  /// - Parameter isConstant: the closure is a `ClosureConstant`: calls of its parameters
  ///   (`next(request, scope)`) say which parameter they call, for `ComposedChain`.
  func closureNode(
    _ node: ClosureExprSyntax, scopeParameter: String?, context: ClosureContext? = nil,
    restoring: (scope: String, site: Int)? = nil, isConstant: Bool = false
  ) -> Int {
    // A closure run in place runs in the task its creator runs in; one that escapes runs
    // in a task only if it is `async` (or a task's body, which is).
    let isAsync: Bool
    switch context {
    case .inPlace?, .called?, .argument?: isAsync = environment.isAsync || ClosureSignature.isAsync(node)
    case .escaping?, .stored?, .macro?, nil: isAsync = ClosureSignature.isAsync(node)
    }
    environment.enterNestedBody(isAsync: isAsync)
    defer { environment.exitBlock() }
    if let captures = node.signature?.capture?.items {
      for capture in captures {
        // `[bag = Implicits()]`: the empty bag, as `let bag = Implicits()` is.
        if let value = capture.initializer?.value, RuntimeCall.isEmptyBag(value) {
          environment.setBag(capture.name.text, nil)
          environment.setEmptyBag(capture.name.text, true)
          continue
        }
        guard let value = capture.initializer?.value, let bagCapture = BagCapture(value) else { continue }
        let site = found.add(file.bagSite(name: capture.name.text, bagCapture, at: value))
        effects.append(.captureBag(site: site, file.location(of: value)))
        environment.setBag(capture.name.text, site)
      }
    }
    // A closure's parameters hide names of the enclosing body.
    if !environment.functionParameters.isEmpty {
      for parameter in ClosureSignature.parameterNames(of: node) { environment.hideFunctionParameter(parameter) }
    }
    for parameter in ClosureSignature.parameterNames(of: node) where environment.scopes.contains(parameter) {
      environment.removeScope(parameter)
      environment.setScopeAlias(parameter, nil)
      environment.setTentativeScope(parameter, nil)
    }
    if let scopeParameter { environment.insertScope(scopeParameter) }
    ClosureSignature.bindParameterKeys(of: node, in: &environment)
    if let (name, element) = elementParameter(of: node) {
      environment.setNameKey(name, element.key ?? NameKeys.unknown)
      if let type = element.constraint { environment.setType(type, of: name) }
    }
    if let restoring { environment.insertScope(restoring.scope) }
    if isConstant {
      for (position, name) in ClosureSignature.parameterNames(of: node).enumerated() where name != "_" {
        environment.setParameterIndex(name, position)
      }
    }
    if !environment.composedChains.isEmpty {
      for name in ClosureSignature.parameterNames(of: node) { environment.setComposedChain(name, nil) }
    }
    // Every untyped parameter may be the scope: the callee's parameter type tells which.
    let untyped = scopeParameter == nil && restoring == nil ? ClosureSignature.untypedParameters(of: node) : []
    let tentative = untyped.first?.name
    for (name, position) in untyped where name != "_" {
      environment.insertScope(name)
      environment.setTentativeScope(name, position)
    }
    let location = file.location(of: node)
    let names = ClosureSignature.parameterNames(of: node)
    // `{ open($0, $1) }` takes as many parameters as its highest `$N` says.
    let arity = names.isEmpty ? (ClosureSignature.shorthandParameters(of: node).last.map { $0.position + 1 } ?? 0) : names.count
    let index = found.add(BodyNode(
      kind: .closure(scopeParameter: scopeParameter), name: "closure", location: location,
      typeName: typeName, tentativeScope: tentative, closureArity: arity,
      scopePosition: scopeParameter.flatMap { names.firstIndex(of: $0) }))
    let collector = EffectCollector(
      file: file, declarations: declarations, typeName: typeName, environment: LexicalEnvironment())
    if let restoring { collector.effects.append(.openScope(name: restoring.scope, .bag(.site(restoring.site)), location)) }
    handOver(to: collector) { collector.walk(node.statements) }
    if let restoring { collector.effects.append(.closeScope(name: restoring.scope, location)) }
    found.setEffects(collector.effects, of: index)
    return index
  }
}
#endif
