#if ImplicitsAnalysis
import SwiftSyntax

/// Names and scopes visible at a point of a body.
///
/// One environment serves the whole effects pass of a file: every body, and every block,
/// closure and local function inside it, is walked in place in it. A block marks where it
/// starts (`enterBlock`); each change made after the mark is logged with the value it
/// replaced, and `exitBlock` undoes them, last first. A copy of the environment per block
/// (fourteen collections retained and released, and copied whole at the block's first
/// change) was a tenth of the pass. Changes at a body's outermost level are not logged:
/// `beginBody` clears the environment for the next body of the file.
///
/// The collector of a body hands the environment to the collectors of the closures and
/// local functions in it and takes it back; readers (`CallSiteReader`) read it in place
/// in their collector while they read a site.
struct LexicalEnvironment {
  private(set) var scopes: Set<String> = []
  /// `let s = scope`: the alias → the scope it names (its frame keeps the original name).
  private(set) var scopeAliases: [String: String] = [:]
  private(set) var bags: [String: Int] = [:]
  /// `let none = Implicits()`: names of empty bags.
  private(set) var emptyBags: Set<String> = []
  /// `let scope = self.scope`: locals holding a scope stored on the type, reported once
  /// where it is stored.
  private(set) var storedScopeCopies: Set<String> = []
  /// Parameters of type `Implicits` of the enclosing function: name → bag.
  private(set) var bagParameters: [String: BagReference] = [:]
  /// Generic parameters of the body constrained to a protocol → that protocol
  /// (`BodyWalk.genericConformances`).
  private var genericConformances: [String: String] = [:]
  private(set) var variableTypes: [String: String] = [:]
  /// Variables and parameters declared `ImplicitScope` that are not scopes in sight, or
  /// declared a collection or tuple of scopes (`ScopeType.holdsScopes(spelling:)`).
  private(set) var scopeTypedVariables: Set<String> = []
  /// Parameters of the enclosing function holding non-escaping closures that take a scope.
  private(set) var scopeClosures: [String: Int] = [:]
  /// `let kind = type(of: widget)`, `let t = Widget.self`: locals holding a metatype →
  /// the receiver whose static members a call on them reaches.
  private(set) var metatypes: [String: Receiver] = [:]
  /// Parameters of the enclosing function (not of a closure in it), or of the closure
  /// constant whose body this is: name → index.
  private(set) var parameterIndices: [String: Int] = [:]
  /// The enclosing function's `@escaping` parameters, also inside its closures (unless a
  /// name there hides one): `next: route` in a closure the function returns hands the
  /// function's `route` on (`GraphBuilder.forwardScopeClosure`).
  private(set) var functionParameters: [String: Int] = [:]
  /// Closure parameters that are scopes only if the closure is passed where one is given
  /// (see `BodyNode`): name → position among the closure's parameters.
  private(set) var tentativeScopes: [String: Int] = [:]
  /// The declared return type of the enclosing function (for `return .init(scope)`).
  private(set) var returnType: String?
  private(set) var genericParameters: Set<String> = []
  /// The code runs in a task (an `async` function, or a closure run in place in one, or
  /// an `async` closure): a child task created here inherits what is visible.
  private(set) var isAsync = false
  /// The code is in a static member: `self` is the type.
  private(set) var isStatic = false
  /// Local functions that use a scope of the enclosing body: name → their closure node.
  private(set) var localFunctions: [String: Int] = [:]
  /// `let chain = [logging, auth].reduce(route) { … }`: locals holding a chain of
  /// middleware constants (`ComposedChain`).
  private(set) var composedChains: [String: ComposedChain] = [:]
  /// Names bound in the body (parameters, locals, bindings) → the key of their value, as
  /// `@Implicit var x = name` takes it; `NameKeys.unknown` when bound without a known type
  /// (the name then hides a stored property of that name).
  private(set) var nameKeys: [String: WrittenKey] = [:]
  /// `let copied = feed.onTap`: names bound to a member access → that expression, maybe a
  /// closure property, for `archive.onTap = copied` (`recordClosureCopies`). Every binding
  /// of a name (`setNameKey`) replaces its entry, and a block's are undone with it.
  private(set) var memberAccesses: [String: ExprSyntax] = [:]
  /// Names an `if let`, `while let` or `for` binds for the block (by its syntax ID) it runs.
  /// With the type their calls reach if the block is a `for` over a constrained collection
  /// (`some Screen` for an `Element: Screen`).
  private var blockNameKeys: [SyntaxIdentifier: [BlockName]] = [:]
  /// The effects of each `defer` of the innermost block, in registration order; they run
  /// at the block's end, last registered first.
  private(set) var deferred: [[Effect]] = []
  /// The same for each enclosing open block, innermost last.
  private var outerDeferred: [[[Effect]]] = []
  /// The changes made inside open blocks, oldest first, and where each open block's start.
  private var log: [Change] = []
  private var marks: [Int] = []

  /// A name a block binds for its statements.
  typealias BlockName = (name: String, key: WrittenKey, constraint: String?)

  /// A change, with what it replaced.
  private enum Change {
    case scope(String, wasIn: Bool)
    case scopeAlias(String, String?)
    case bag(String, Int?)
    case emptyBag(String, wasIn: Bool)
    case storedScopeCopy(String, wasIn: Bool)
    case bagParameter(String, BagReference?)
    case variableType(String, String?, wasScopeTyped: Bool)
    case metatype(String, Receiver?)
    case parameterIndex(String, Int?)
    case functionParameter(String, Int)
    case tentativeScope(String, Int?)
    case localFunction(String, Int?)
    case composedChain(String, ComposedChain?)
    case nameKey(String, WrittenKey?)
    case memberAccess(String, ExprSyntax?)
    case blockNameKeys(SyntaxIdentifier, [BlockName]?)
    case isAsync(Bool)
    case enclosingFunction(scopeClosures: [String: Int], parameterIndices: [String: Int])
  }

  // MARK: Bodies and blocks

  /// Clears the environment for a body of the file and puts its parameters in sight. The
  /// collections keep their storage from body to body: a new environment per body was
  /// allocated, grown and freed a dozen times over.
  mutating func beginBody(_ body: BodyWalk) {
    precondition(marks.isEmpty && log.isEmpty, "a body begins inside an open block")
    Self.clear(&scopes)
    Self.clear(&scopeAliases)
    Self.clear(&bags)
    Self.clear(&emptyBags)
    Self.clear(&storedScopeCopies)
    Self.clear(&bagParameters)
    Self.clear(&variableTypes)
    Self.clear(&scopeTypedVariables)
    Self.clear(&metatypes)
    Self.clear(&tentativeScopes)
    Self.clear(&localFunctions)
    Self.clear(&composedChains)
    Self.clear(&nameKeys)
    Self.clear(&memberAccesses)
    Self.clear(&blockNameKeys)
    deferred = []
    genericConformances = body.genericConformances
    for (name, type) in body.parameterTypes where name != body.scopeParameter { setType(type, of: name) }
    scopeClosures = body.scopeClosures
    parameterIndices = body.parameterIndices
    // Only `@escaping` ones: the others are not handed on from a closure (which could
    // not capture them), and a lookup per binding of every body would cost for nothing.
    functionParameters = [:]
    for (name, type) in body.parameterTypes where type.utf8.first == UInt8(ascii: "@") && type.hasPrefix("@escaping") {
      functionParameters[name] = body.parameterIndices[name]
    }
    for (name, index) in body.bagParameters { bagParameters[name] = .parameter(function: body.node, index: index) }
    returnType = body.returnType
    genericParameters = body.genericParameters
    for (parameter, conformance) in body.genericConformances { metatypes[parameter] = .type("some " + conformance) }
    isAsync = body.isAsync
    isStatic = body.isStatic
    for (name, key) in body.parameterKeys { nameKeys[name] = key }
    if let scope = body.scopeParameter { scopes.insert(scope) }
  }

  private static func clear<Element>(_ set: inout Set<Element>) {
    if !set.isEmpty { set.removeAll(keepingCapacity: true) }
  }

  private static func clear<Key, Value>(_ dictionary: inout [Key: Value]) {
    if !dictionary.isEmpty { dictionary.removeAll(keepingCapacity: true) }
  }

  /// A block starts: what changes until `exitBlock` is undone there.
  mutating func enterBlock() {
    marks.append(log.count)
    outerDeferred.append(deferred)
    deferred = []
  }

  /// The innermost block ends: the names it bound or changed are what they were.
  mutating func exitBlock() {
    let mark = marks.removeLast()
    while log.count > mark { undo(log.removeLast()) }
    deferred = outerDeferred.removeLast()
  }

  /// A closure or a local function starts: parameters of the enclosing function do not
  /// reach into it as parameters; it runs in a task as `isAsync` says. Its non-escaping
  /// closure parameters do (`lock.withLock { body(scope) }`): Swift lets only code that runs
  /// before the function returns call them, and the graph charges such a call to the
  /// function the closure is written in (`GraphBuilder.owningFunction`).
  mutating func enterNestedBody(isAsync: Bool) {
    enterBlock()
    log.append(.enclosingFunction(scopeClosures: scopeClosures, parameterIndices: parameterIndices))
    parameterIndices = [:]
    setAsync(isAsync)
  }

  private mutating func undo(_ change: Change) {
    switch change {
    case .scope(let name, let wasIn):
      if wasIn { scopes.insert(name) } else { scopes.remove(name) }
    case .scopeAlias(let name, let old): scopeAliases[name] = old
    case .bag(let name, let old): bags[name] = old
    case .emptyBag(let name, let wasIn):
      if wasIn { emptyBags.insert(name) } else { emptyBags.remove(name) }
    case .storedScopeCopy(let name, let wasIn):
      if wasIn { storedScopeCopies.insert(name) } else { storedScopeCopies.remove(name) }
    case .bagParameter(let name, let old): bagParameters[name] = old
    case .variableType(let name, let old, let wasScopeTyped):
      variableTypes[name] = old
      if wasScopeTyped { scopeTypedVariables.insert(name) } else { scopeTypedVariables.remove(name) }
    case .metatype(let name, let old): metatypes[name] = old
    case .parameterIndex(let name, let old): parameterIndices[name] = old
    case .functionParameter(let name, let old): functionParameters[name] = old
    case .tentativeScope(let name, let old): tentativeScopes[name] = old
    case .localFunction(let name, let old): localFunctions[name] = old
    case .composedChain(let name, let old): composedChains[name] = old
    case .nameKey(let name, let old): nameKeys[name] = old
    case .memberAccess(let name, let old): memberAccesses[name] = old
    case .blockNameKeys(let block, let old): blockNameKeys[block] = old
    case .isAsync(let old): isAsync = old
    case .enclosingFunction(let closures, let indices):
      scopeClosures = closures
      parameterIndices = indices
    }
  }

  /// Logs `change` if a block is open (the outermost level is cleared by `beginBody`).
  private mutating func record(_ change: Change) {
    if !marks.isEmpty { log.append(change) }
  }

  // MARK: Changes

  mutating func insertScope(_ name: String) {
    let inserted = scopes.insert(name).inserted
    if inserted { record(.scope(name, wasIn: false)) }
  }

  mutating func removeScope(_ name: String) {
    if scopes.remove(name) != nil { record(.scope(name, wasIn: true)) }
  }

  mutating func setScopeAlias(_ name: String, _ scope: String?) {
    let old = Self.replace(&scopeAliases, name, with: scope)
    if old != scope { record(.scopeAlias(name, old)) }
  }

  mutating func setBag(_ name: String, _ site: Int?) {
    let old = Self.replace(&bags, name, with: site)
    if old != site { record(.bag(name, old)) }
  }

  mutating func setEmptyBag(_ name: String, _ isEmptyBag: Bool) {
    let wasIn = isEmptyBag ? !emptyBags.insert(name).inserted : emptyBags.remove(name) != nil
    if wasIn != isEmptyBag { record(.emptyBag(name, wasIn: wasIn)) }
  }

  mutating func setStoredScopeCopy(_ name: String, _ isCopy: Bool) {
    guard isCopy || !storedScopeCopies.isEmpty else { return }
    let wasIn = isCopy ? !storedScopeCopies.insert(name).inserted : storedScopeCopies.remove(name) != nil
    if wasIn != isCopy { record(.storedScopeCopy(name, wasIn: wasIn)) }
  }

  mutating func setBagParameter(_ name: String, _ bag: BagReference?) {
    let old = Self.replace(&bagParameters, name, with: bag)
    if old != bag { record(.bagParameter(name, old)) }
  }

  mutating func setType(_ type: String, of name: String) {
    // `let plugin: P` where `P: Plugin` is a generic parameter: a value of `some Plugin`.
    let type = genericConformances[type].map { "some " + $0 } ?? type
    let old = variableTypes.updateValue(type, forKey: name)
    let wasScopeTyped: Bool
    if ScopeType.isScope(spelling: type) || ScopeType.holdsScopes(spelling: type) {
      wasScopeTyped = !scopeTypedVariables.insert(name).inserted
    } else {
      wasScopeTyped = !scopeTypedVariables.isEmpty && scopeTypedVariables.remove(name) != nil
    }
    record(.variableType(name, old, wasScopeTyped: wasScopeTyped))
  }

  mutating func setMetatype(_ name: String, _ receiver: Receiver?) {
    guard receiver != nil || !metatypes.isEmpty else { return }
    let old = Self.replace(&metatypes, name, with: receiver)
    if old != receiver { record(.metatype(name, old)) }
  }

  /// A name bound in a closure of the function hides its parameter of that name.
  mutating func hideFunctionParameter(_ name: String) {
    guard !functionParameters.isEmpty, let old = functionParameters.removeValue(forKey: name) else { return }
    record(.functionParameter(name, old))
  }

  mutating func removeParameterIndex(_ name: String) {
    hideFunctionParameter(name)
    guard !parameterIndices.isEmpty, let old = parameterIndices.removeValue(forKey: name) else { return }
    record(.parameterIndex(name, old))
  }

  mutating func setTentativeScope(_ name: String, _ position: Int?) {
    guard position != nil || !tentativeScopes.isEmpty else { return }
    let old = Self.replace(&tentativeScopes, name, with: position)
    if old != position { record(.tentativeScope(name, old)) }
  }

  mutating func setLocalFunction(_ name: String, _ node: Int?) {
    guard node != nil || !localFunctions.isEmpty else { return }
    let old = Self.replace(&localFunctions, name, with: node)
    if old != node { record(.localFunction(name, old)) }
  }

  mutating func setComposedChain(_ name: String, _ chain: ComposedChain?) {
    guard chain != nil || !composedChains.isEmpty else { return }
    let old = Self.replace(&composedChains, name, with: chain)
    if old != chain { record(.composedChain(name, old)) }
  }

  /// A closure constant's parameter (`next` of `{ request, scope, next in … }`) at `index`:
  /// the graph binds a call of it per chain that runs the constant.
  mutating func setParameterIndex(_ name: String, _ index: Int) {
    let old = parameterIndices.updateValue(index, forKey: name)
    if old != index { record(.parameterIndex(name, old)) }
  }

  /// `name` is bound, to a value of `key`; to the member access `memberAccess` if it is one.
  mutating func setNameKey(_ name: String, _ key: WrittenKey, memberAccess: ExprSyntax? = nil) {
    let old = nameKeys.updateValue(key, forKey: name)
    if old != key { record(.nameKey(name, old)) }
    guard memberAccess != nil || !memberAccesses.isEmpty else { return }
    let oldAccess = Self.replace(&memberAccesses, name, with: memberAccess)
    if oldAccess?.id != memberAccess?.id { record(.memberAccess(name, oldAccess)) }
  }

  /// `if let x = y { … }`, `for x in xs { … }`: `name` is bound in `block` only.
  mutating func bindInBlock(_ block: SyntaxIdentifier, _ name: String, key: WrittenKey, constraint: String? = nil) {
    let old = blockNameKeys[block]
    blockNameKeys[block, default: []].append((name, key, constraint))
    record(.blockNameKeys(block, old))
  }

  /// The names `block` binds, once: the block has started.
  mutating func takeNamesBound(in block: SyntaxIdentifier) -> [BlockName]? {
    guard !blockNameKeys.isEmpty, let names = blockNameKeys.removeValue(forKey: block) else { return nil }
    record(.blockNameKeys(block, names))
    return names
  }

  mutating func setAsync(_ value: Bool) {
    guard value != isAsync else { return }
    let old = isAsync
    isAsync = value
    record(.isAsync(old))
  }

  mutating func addDeferred(_ effects: [Effect]) { deferred.append(effects) }

  mutating func clearDeferred() {
    if !deferred.isEmpty { deferred = [] }
  }

  /// Sets or removes `key`; returns what it replaced.
  private static func replace<Value>(_ dictionary: inout [String: Value], _ key: String, with value: Value?) -> Value? {
    if let value { return dictionary.updateValue(value, forKey: key) }
    return dictionary.removeValue(forKey: key)
  }
}

#endif
