#if ImplicitsAnalysis
/// A function the module or one of its dependencies declares, with its graph node.
struct Callable: Sendable {
  var node: NodeID
  var typeName: String?
  var parameters: [ParameterInfo]
  var isImplicit: Bool
  var isExternal: Bool
  var qualifiedName: String
  /// The file a `private`/`fileprivate` function is visible in; `nil` when visible everywhere.
  var privateFile: FileID? = nil
  /// The `#if` clauses it is declared under.
  var branches: [ConditionalBranch] = []
  /// The same-type requirements of the extension declaring it (`GenericTypeName.admits`).
  var typeConstraints: [String: String] = [:]
  /// The declared return type as written; `nil` for `Void`, initializers and externals.
  var returnType: String? = nil
  /// A static or `class` member; `nil` where not known (initializers, a dependency's
  /// interface written before it was recorded).
  var isStatic: Bool? = nil
  /// A protocol requirement or an overridable method: a call may run any implementation,
  /// and the declaration is reported as `dynamic-dispatch`.
  var isDynamic = false
  /// A dependency's method of a protocol's extension (its interface's `protocols`).
  var isProtocolMember = false
  /// Declared `async`; `nil` where not known (a dependency's function that has no overload
  /// differing only in being `async`).
  var isAsync: Bool? = nil
  /// A `convenience init` (`SymbolTable+InheritedInitializers`).
  var isConvenience = false
  /// For an initializer a subclass inherits, the superclass's callable it runs.
  var inherits: Int? = nil
}

/// Every callable indexed once by base name, so that resolving a call is a dictionary
/// lookup and a label match against the few declarations of that name.
struct SymbolTable: Sendable {
  private(set) var callables: [Callable] = []
  /// Free functions: base name → callables.
  private var free: [String: [Int]] = [:]
  /// Methods and initializers: type → base name → callables.
  private var methods: [String: [String: [Int]]] = [:]
  /// Methods of any type: base name → callables (for receivers of unknown type).
  private var anyMethod: [String: [Int]] = [:]
  /// `Inner` → `Outer.Inner`, for types referred to by their last component.
  private var typesBySimpleName: [String: Set<String>] = [:]
  /// Stored and static property types and superclasses: the module's one index of them.
  var properties = PropertyTypes()
  /// Structs that write no `init` in their body: Swift synthesizes a memberwise one.
  private var memberwiseInitTypes: Set<String> = []
  /// Enum cases with associated values: case name → the enums (full names) declaring one.
  private var payloadCases: [String: [(type: String, payload: PayloadCase)]] = [:]
  /// Type → the types it inherits from or conforms to, as written, from every declaration
  /// and extension of it.
  private var inheritedTypes: [String: [String]] = [:]
  /// Generic type → its generic parameters in order (the module's and the standard library's).
  private(set) var genericParameters = GenericTypeName.standardParameters
  var resolver = TypeResolver()
  /// Subclass → its superclass's implicit initializers it inherits → its own callable for
  /// each (`SymbolTable+InheritedInitializers`).
  var inheritedInitializers: [String: [Int: Int]] = [:]
  /// The module's classes that name a superclass, in declaration order, and its protocols
  /// (a class's first inherited type may be one).
  var subclasses: [(name: String, location: SourceLoc)] = []
  var protocols: Set<String> = []
  /// Where `candidates` records the type and callable names it reads, on a copy of the
  /// table made for a file whose change index row is made (`CallLookups`); `nil` otherwise.
  var reads: LookupReads? = nil

  /// Room for `count` callables at once: grown by appending, the array kept up to half
  /// its buffer unused until the end of the check (3.4 MB at 1,000 generated files).
  mutating func reserveCallables(_ count: Int) {
    callables.reserveCapacity(count)
  }

  /// Room for `free` free functions' and `methods` methods' names at once: grown by
  /// doubling, the two tables were rehashed ~20,000 times at 5,000 files (~50 M
  /// instructions of the symbol table, which the graph build waits for). Nothing iterates
  /// them, so their capacity decides no order.
  mutating func reserveNames(free freeCount: Int, methods methodCount: Int) {
    free.reserveCapacity(freeCount)
    anyMethod.reserveCapacity(methodCount)
  }

  mutating func add(_ callable: consuming Callable, baseName: String) {
    let index = callables.count
    if let type = callable.typeName {
      methods[type, default: [:]][baseName, default: []].append(index)
      anyMethod[baseName, default: []].append(index)
      addType(type)
    } else {
      free[baseName, default: []].append(index)
    }
    // Last: moved in, not copied.
    callables.append(callable)
  }

  /// Adds a callable that no table lists by name, an inherited initializer (found through
  /// its superclass's lookup: `SymbolTable+InheritedInitializers`); returns its index.
  mutating func addUnlisted(_ callable: Callable) -> Int {
    callables.append(callable)
    return callables.count - 1
  }

  /// Gives callable `index` its graph node: the module's callables are indexed before
  /// their nodes are made (`GraphBuilder.moduleSymbols`).
  mutating func setNode(_ node: NodeID, ofCallable index: Int) {
    callables[index].node = node
  }

  mutating func addType(_ type: String) {
    resolver.addType(type)
    if let dot = type.utf8.lastIndex(of: UInt8(ascii: ".")) {
      typesBySimpleName[String(type[type.index(after: dot)...]), default: []].insert(type)
    }
  }

  mutating func addGenericParameters(_ parameters: [String], of type: String) {
    genericParameters[type] = parameters
  }

  mutating func addInheritedTypes(_ types: [String], of type: String) {
    inheritedTypes[type, default: []] += types
  }

  /// The declared type of stored property `name` of `owner`, if annotated.
  func propertyType(_ name: String, of owner: String) -> String? {
    properties.type(of: name, in: owner)
  }

  mutating func addMemberwiseInit(of type: String) {
    memberwiseInitTypes.insert(type)
  }

  mutating func addPayloadCases(_ cases: [PayloadCase], of type: String) {
    for payload in cases { payloadCases[payload.name, default: []].append((type, payload)) }
  }

  /// Whether `site` makes a value of one of the module's enum cases with associated values
  /// (`Action.run { scope in … }`, `.run(body)` where the type is not written): it keeps
  /// its arguments, so a closure given to it escapes. Only asked once no function answers.
  /// The case and its enum, the first declared when `.run(…)` names several.
  func payloadCase(constructedBy site: CallSite) -> (type: String, payload: PayloadCase)? {
    guard !payloadCases.isEmpty, let cases = payloadCases[site.baseName] else { return nil }
    let arity = { (found: (type: String, payload: PayloadCase)) in found.payload.labels.count == site.labels.count }
    switch site.receiver {
    // `.run(…)` passed as an argument: the parameter's type is not known here.
    case .unknown: return cases.first(where: arity)
    case .type(let written):
      guard let type = resolver.declaration(CallSiteReader.stripGenerics(written), context: site.callerType) else { return nil }
      return cases.first { $0.type == type && arity($0) }
    case .unqualified, .enclosingType: return cases.first { $0.type == site.callerType && arity($0) }
    default: return nil
    }
  }

  /// Whether `site` calls the memberwise initializer of a struct of this module
  /// (`NotesScreen(model: model, scope: scope)`, `self.init(…)` in an extension): it only
  /// stores its arguments, so it reads no implicits. Only asked once no written `init`
  /// matched, so a written one with the same labels is always the callee.
  func callsMemberwiseInit(_ site: CallSite) -> Bool {
    memberwiseInitType(site) != nil
  }

  /// The struct whose memberwise `init` `site` calls, as `callsMemberwiseInit` decides.
  func memberwiseInitType(_ site: CallSite) -> String? {
    guard site.baseName == "init" else { return nil }
    let written: String
    switch site.receiver {
    case .type(let type) where !type.hasPrefix(CallSiteReader.resultPrefix): written = type
    case .enclosingType:
      guard let caller = site.callerType else { return nil }
      written = caller
    default: return nil
    }
    return memberwiseInitType(written, context: site.callerType)
  }

  /// The struct named `written` in `context` (through typealiases, which may form cycles:
  /// a few steps at most), if it has a memberwise `init`.
  private func memberwiseInitType(_ written: String, context: String?, depth: Int = 0) -> String? {
    guard depth < 8, let type = resolver.declaration(CallSiteReader.stripGenerics(written), context: context) else {
      return nil
    }
    if let alias = resolver.aliases[type] {
      return memberwiseInitType(alias.target, context: alias.context, depth: depth + 1)
    }
    return memberwiseInitTypes.contains(type) ? type : nil
  }

  /// The module's classes that `type` inherits from, nearest first (full names); a
  /// superclass from another module ends the chain.
  func superclassChain(of type: String) -> [String] {
    var chain: [String] = []
    var current = type
    while chain.count < 8, let written = properties.superclass(of: current) {
      let context = current.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(current[..<$0]) }
      guard let full = resolver.declaration(CallSiteReader.stripGenerics(written), context: context),
        full != type, !chain.contains(full)
      else { break }
      chain.append(full)
      current = full
    }
    return chain
  }

  /// Candidates for a call made in `file`, module-local ones first: if any exist,
  /// externals are ignored.
  func candidates(for site: CallSite, file: FileID) -> [Int] {
    let name = site.baseName
    var found: [Int] = []
    switch site.receiver {
    case .unqualified:
      // Members of the enclosing types, innermost first, then free functions.
      var scope = site.callerType
      while let type = scope, found.isEmpty {
        reads?.type(type)
        found = matching(methodList(type, name) ?? inheritedMembers(of: type, name), site, file)
        scope = type.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(type[..<$0]) }
      }
      if found.isEmpty { found = matching(freeList(name), site, file) }
    case .enclosingType:
      if let caller = site.callerType { reads?.type(caller) }
      found = site.callerType.map { matching(members(of: $0, context: nil, name), site, file) } ?? []
    case .type(let type) where type.hasPrefix(CallSiteReader.resultPrefix):
      // `makeStore().load(scope)`: a method of the type the function is declared to return.
      let function = String(type.dropFirst(CallSiteReader.resultPrefix.count))
      if let returned = returnType(of: function, calledFrom: site.callerType) {
        found = matching(members(ofWritten: returned.type, context: returned.context, name), site, file)
      } else {
        found = guessed(name, site, file)
      }
    case .type(let type) where type.hasPrefix(CallSiteReader.elementPrefix):
      // `for screen in screens { screen.show(scope) }`: a method of the annotated element type.
      if let element = elementType(type) {
        found = matching(members(ofWritten: element.type, context: element.context, name), site, file)
      } else {
        found = guessed(name, site, file)
      }
    case .type(let type):
      found = matching(members(ofWritten: type, context: site.callerType, name), site, file)
      if found.isEmpty, resolver.moduleNames.contains(type) { found = matching(freeList(name), site, file) }
      if found.isEmpty { found = dependencyMembers(ofWritten: type, context: site.callerType, site, file) }
    case .property, .member, .result:
      if let (type, owner) = writtenType(of: site.receiver, callerType: site.callerType) {
        found = matching(members(ofWritten: type, context: owner, name), site, file)
        if found.isEmpty { found = dependencyMembers(ofWritten: type, context: owner, site, file) }
      } else {
        found = guessed(name, site, file)
      }
    case .staticProperty(let type, let property):
      reads?.type(type)
      if let owner = resolver.declaration(type, context: site.callerType),
        let propertyType = properties.staticType(of: property, in: owner)
      {
        found = matching(members(ofWritten: propertyType, context: owner, name), site, file)
      } else {
        found = guessed(name, site, file)
      }
    case .superclass:
      if let caller = site.callerType { reads?.type(caller) }
      if let type = site.callerType, let superclass = properties.superclass(of: type) {
        found = matching(members(ofWritten: superclass, context: type, name), site, file)
      }
    case .operator:
      found = matching(freeList(name), site, file) + guessed(name, site, file)
    case .unknown:
      found = guessed(name, site, file)
    }
    if found.contains(where: { !callables[$0].isExternal }) {
      found.removeAll { callables[$0].isExternal }
    }
    // A synchronous and an `async` overload of one type (or both free): `await` picks the
    // `async` one, a call without it the other. (A synchronous method of another type may
    // be called under `await`, an actor's: only the overload's pair is dropped.)
    if found.count > 1, found.contains(where: { callables[$0].isAsync == true }),
      found.contains(where: { callables[$0].isAsync == false })
    {
      let picked = found.filter { callables[$0].isAsync == site.isAwaited }
      found.removeAll { index in
        callables[index].isAsync == !site.isAwaited
          && picked.contains { callables[$0].typeName == callables[index].typeName }
      }
    }
    return found
  }

  /// The methods of any type named `name`: the callee of a call on a value whose type is
  /// unknown. Not of a function named as a value (`change.value`): a call's arguments say
  /// which it may be, a name alone does not, and a property of that name is likelier.
  private func guessed(_ name: String, _ site: CallSite, _ file: FileID) -> [Int] {
    site.isReference ? [] : matching(anyMethodList(name), site, file)
  }

  /// The callables of the three tables, each read recorded (`reads`): which base names of
  /// which type, or of any type, or free, a lookup read.
  @inline(__always)
  func methodList(_ type: String, _ name: String) -> [Int]? {
    reads?.method(type, name)
    return methods[type]?[name]
  }

  @inline(__always)
  private func anyMethodList(_ name: String) -> [Int]? {
    reads?.anyMethod(name)
    return anyMethod[name]
  }

  @inline(__always)
  private func freeList(_ name: String) -> [Int]? {
    reads?.free(name)
    return free[name]
  }

  /// The implicit candidates of a call: the functions a call that passes a scope may run.
  func implicitCandidates(for site: CallSite, file: FileID) -> [Int] {
    candidates(for: site, file: file).filter { callables[$0].isImplicit }
  }

  /// Whether a call's candidates are all functions of this module and none takes a scope.
  func declaresOnlyWithoutScope(_ site: CallSite, file: FileID) -> Bool {
    let found = candidates(for: site, file: file)
    return !found.isEmpty && found.allSatisfy { !callables[$0].isImplicit && !callables[$0].isExternal }
  }

  /// `implicitCandidates` when there is exactly one, else `nil`. Asked for every call of
  /// the module (`CallLookups`): stops at the second instead of making the list.
  func onlyImplicitCandidate(for site: CallSite, file: FileID) -> Int? {
    onlyImplicit(among: candidates(for: site, file: file))
  }

  /// The one implicit callable among `candidates` (a call's), if exactly one is.
  func onlyImplicit(among candidates: [Int]) -> Int? {
    var only: Int?
    for candidate in candidates where callables[candidate].isImplicit {
      if only != nil { return nil }
      only = candidate
    }
    return only
  }

  /// The type a receiver's value is declared with, and the type where that spelling
  /// resolves; for `.member`, the annotation (or initial value) of the stored property in
  /// the type its owner is declared with, down the chain. `nil` where a link is not known.
  private func writtenType(of receiver: Receiver, callerType: String?) -> (type: String, context: String?)? {
    switch receiver {
    case .type(let type) where type.hasPrefix(CallSiteReader.resultPrefix):
      return returnType(of: String(type.dropFirst(CallSiteReader.resultPrefix.count)), calledFrom: callerType)
    case .type(let type) where type.hasPrefix(CallSiteReader.elementPrefix):
      return elementType(type).map { ($0.type, $0.context) }
    case .type(let type):
      return (type, callerType)
    case .property(let property):
      guard let owner = callerType else { return nil }
      return storedPropertyType(property, in: owner)
    case .staticProperty(let type, let property):
      reads?.type(type)
      guard let owner = resolver.declaration(type, context: callerType),
        let written = properties.staticType(of: property, in: owner)
      else { return nil }
      return (written, owner)
    case .member(let base, let property):
      guard let (written, context) = writtenType(of: base, callerType: callerType) else { return nil }
      let type = CallSiteReader.stripGenerics(written)
      reads?.type(type)
      guard let owner = resolver.declaration(type, context: context) else { return nil }
      return storedPropertyType(property, in: owner)
    case .result(let base, let function):
      guard let (written, context) = writtenType(of: base, callerType: callerType) else { return nil }
      let type = CallSiteReader.stripGenerics(written)
      reads?.type(type)
      guard let owner = resolver.declaration(type, context: context) else { return nil }
      return returnType(of: owner + "." + function, calledFrom: context)
    case .unqualified, .enclosingType, .superclass, .operator, .unknown:
      return nil
    }
  }

  /// The written type of property `name` of `owner` (a full type name) or, if `owner`
  /// does not declare it, of the nearest superclass that does (`repo` in a subclass of
  /// the view model that stores it), with the type where that spelling resolves.
  private func storedPropertyType(_ name: String, in owner: String) -> (type: String, context: String)? {
    reads?.type(owner)
    if let type = properties.type(of: name, in: owner) { return (type, owner) }
    for superclass in superclassChain(of: owner) {
      reads?.type(superclass)
      if let type = properties.type(of: name, in: superclass) { return (type, superclass) }
    }
    return nil
  }

  /// The element type of a stored property's collection (`element:e screens@Coordinator`,
  /// see `CallSiteReader.elementPrefix`), from the annotations along the property path.
  private func elementType(_ marked: String) -> (type: String, context: String)? {
    let body = marked.dropFirst(CallSiteReader.elementPrefix.count)
    guard let operation = body.first, let space = body.firstIndex(of: " "), let at = body.lastIndex(of: "@") else { return nil }
    reads?.type(CallSiteReader.stripGenerics(String(body[body.index(after: at)...])))
    var owner = resolver.declaration(CallSiteReader.stripGenerics(String(body[body.index(after: at)...])), context: nil)
    // The property's annotation, and the type declaring it (where its names resolve).
    var written: (type: String, context: String)?
    for property in body[body.index(after: space)..<at].split(separator: ".") {
      guard let current = owner, let type = properties.type(of: property, in: current) else { return nil }
      reads?.type(type)
      written = (type, current)
      owner = resolver.declaration(CallSiteReader.stripGenerics(type), context: current)
    }
    guard let (written, context) = written else { return nil }
    let collection = WrittenKey.spelled(GenericTypeName.canonical(written))
    let element = operation == ValueKey.element ? NameKeys.element(of: collection) : NameKeys.dictionaryValue(of: collection)
    guard case .spelled(let type)? = element else { return nil }
    return (type, context)
  }

  /// For a value of a dependency's type (`AboutScreen().showFlow(scope)`): the dependencies'
  /// methods named as called. An interface lists functions, not which types conform to a
  /// protocol, so a method of a dependency's protocol extension is found by its name: the
  /// type's own methods if it has some of that name (they hide the protocols'), else the
  /// methods of protocols' extensions; another type's method is no candidate unless the
  /// interfaces tell neither (written before they listed `protocols`).
  private func dependencyMembers(ofWritten written: String, context: String?, _ site: CallSite, _ file: FileID) -> [Int] {
    let base = CallSiteReader.stripGenerics(written)
    reads?.type(base)
    if let full = resolver.declaration(base, context: context),
      methods[full]?.values.contains(where: { $0.contains { !callables[$0].isExternal } }) ?? true
    {
      return []  // declared in this module
    }
    let found = matching(anyMethodList(site.baseName), site, file).filter { callables[$0].isExternal }
    let type = resolver.withoutModule(base)
    let own = found.filter { callables[$0].typeName == type }
    // `String.init` named as a value: only the named type's, never a guess.
    if !own.isEmpty || site.isReference { return own }
    let protocolMembers = found.filter { callables[$0].isProtocolMember }
    return protocolMembers.isEmpty ? found : protocolMembers
  }

  /// Whether `index` is a dependency's initializer of another type than the one `site`
  /// names (`Int($0)` reaching `Screen.init(_:)`): a candidate only because interfaces list
  /// no typealiases (`Page(scope)` with `typealias Page = Screen` there), so every
  /// dependency initializer of that shape is one. A guess, not a reason to read `$0` as a
  /// scope.
  func isOtherTypesInitializer(_ index: Int, calledAs site: CallSite) -> Bool {
    guard site.baseName == "init", case .type(let written) = site.receiver else { return false }
    let callable = callables[index]
    guard callable.isExternal, !callable.isProtocolMember, let type = callable.typeName else { return false }
    return type != resolver.withoutModule(CallSiteReader.stripGenerics(written))
  }

  /// The callables among `indices` that the call's arguments bind to and `file` can see.
  /// Most often all of them (one declaration of the name): then the list itself, shared,
  /// rather than a copy filtered into a new array (an allocation and its release per call).
  private func matching(_ indices: [Int]?, _ site: CallSite, _ file: FileID) -> [Int] {
    guard let indices else { return [] }
    var kept: [Int]? = nil
    for position in indices.indices {
      if matches(indices[position], site, file) {
        kept?.append(indices[position])
      } else if kept == nil {
        kept = Array(indices[..<position])
      }
    }
    return kept ?? indices
  }

  /// Whether callable `index` is one the call binds to and `file` sees; its fields read in
  /// place (a `Callable` copied out is a dozen retains).
  private func matches(_ index: Int, _ site: CallSite, _ file: FileID) -> Bool {
    if let only = callables[index].privateFile, only != file { return false }
    if site.memberKind != .any, callables[index].typeName != nil, let isStatic = callables[index].isStatic,
      isStatic != (site.memberKind == .static)
    {
      return false
    }
    // `handleTap` named as a value, its labels not written: any of that base name.
    if site.isReference, site.labels.isEmpty { return true }
    return ArgumentMatcher.binds(site.labels, to: callables[index].parameters)
  }

  /// Members named `name` of the type written `written` in `context` (`[Int]`, `Box<T>`,
  /// `Int?`): those of its generic type, but not those of extensions whose `where` clause
  /// the written arguments contradict. An optional's members are `Optional`'s, else (a
  /// name unwrapped by `if let` keeps its declared type here) the wrapped type's.
  private func members(ofWritten written: String, context: String?, _ name: String, depth: Int = 0) -> [Int]? {
    let type = GenericTypeName(written)
    // `some Store`, `(any Store & Sendable)`: the members of the protocols.
    for prefix in ["some ", "any "] where type.arguments.isEmpty && type.base.hasPrefix(prefix) {
      let found = type.base.dropFirst(prefix.count).split(separator: "&").flatMap {
        members(ofWritten: String($0), context: context, name, depth: depth + 1) ?? []
      }
      return found.isEmpty ? nil : found
    }
    reads?.type(type.base)
    var found = members(of: type.base, context: context, name, depth: depth)
    if !type.arguments.isEmpty {
      let parameters = genericParameters[resolver.declaration(type.base, context: context) ?? type.base]
      found = found?.filter { type.admits(callables[$0].typeConstraints, parameters: parameters) }
    }
    if type.base == "Optional", found?.isEmpty ?? true, let wrapped = type.arguments.first {
      return members(ofWritten: wrapped, context: context, name, depth: depth)
    }
    return found
  }

  /// The return type declared by every function of the module named `function` (`make`,
  /// or `Store.make`) that a call from `caller` may reach, if they agree; `Self` is the type.
  private func returnType(of function: String, calledFrom caller: String?) -> (type: String, context: String?)? {
    var owner: String?
    var candidates: [Int] = []
    if let dot = function.utf8.lastIndex(of: UInt8(ascii: ".")) {
      let type = String(function[..<dot])
      reads?.type(type)
      owner = resolver.declaration(type, context: caller) ?? type
      candidates = methodList(owner!, String(function[function.index(after: dot)...])) ?? []
    } else {
      var scope = caller
      while let type = scope, candidates.isEmpty {
        reads?.type(type)
        candidates = methodList(type, function) ?? []
        if !candidates.isEmpty { owner = type }
        scope = type.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(type[..<$0]) }
      }
      if candidates.isEmpty { candidates = freeList(function) ?? [] }
    }
    let types = Set(candidates.map { callables[$0].returnType })
    guard types.count == 1, let only = types.first, var type = only else { return nil }
    if type == "Self", let owner { type = owner }
    return (type, owner)
  }

  /// The methods named `name` a type does not declare but gets from its superclass or from
  /// an extension of a protocol it conforms to (not a requirement: dispatched statically).
  func inheritedMembers(of type: String, _ name: String, depth: Int = 0) -> [Int]? {
    reads?.type(type)
    guard let inherited = inheritedTypes[type] else { return nil }
    let context = type.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(type[..<$0]) }
    var found: [Int] = []
    for written in inherited {
      for index in members(ofWritten: written, context: context, name, depth: depth + 1) ?? [] where !found.contains(index) {
        found.append(index)
      }
    }
    return found.isEmpty ? nil : found
  }

  /// Members named `name` of the type named `type` (no generic arguments) in `context`.
  private func members(of type: String, context: String?, _ name: String, depth: Int = 0) -> [Int]? {
    // Aliases and inheritance may form cycles (`typealias Body = Module.Body` read back
    // as itself): the lookup gives up after a few steps.
    guard depth < 8 else { return nil }
    reads?.type(type)
    if let full = resolver.declaration(type, context: context) {
      if let target = resolver.aliases[full] {
        reads?.type(target.target)
        return members(ofWritten: target.target, context: target.context, name, depth: depth + 1)
      }
      // A module without subclasses (the generated benchmark module) hashes nothing more.
      if !inheritedInitializers.isEmpty, name == "init", let inherited = inheritedInitializers[full] {
        return initializers(of: full, inheriting: inherited, depth: depth)
      }
      return methodList(full, name) ?? inheritedMembers(of: full, name, depth: depth)
    }
    let written = resolver.withoutModule(type)
    if let found = methodList(written, name) { return found }
    // `Outer.Inner` called from elsewhere as `Inner`, when only one type has that name.
    if let full = typesBySimpleName[written], full.count == 1, let only = full.first {
      return methodList(only, name)
    }
    return nil
  }

  /// The parameter each argument of `site` binds to in `callable`.
  func binding(of site: CallSite, to callable: Int) -> [Int]? {
    ArgumentMatcher.bind(site.labels, to: callables[callable].parameters)
  }
}
#endif
