#if ImplicitsAnalysis
// The binary form of `FileSummary` and everything in it (`CacheCoding.swift`). Each type
// writes its fields in declaration order and reads them back through its memberwise
// initializer. `SummaryCacheTests` round-trips every fixture's summary and compares it
// field by field (by `dump`), so a field added to a summary but not here fails a test.

/// The bodies' effects are written last, apart (a blob of a writer of their own): a re-check
/// that replays a file's frames (`SimulatedFrames`) never reads them, so `SummaryCache`
/// keeps them encoded (`deferredEffects`) and only a file simulated again decodes them.
extension FileSummary: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    encodeAllButEffects(to: &writer)
    var effects = CacheWriter()
    effects.write(nodes.count)
    for node in nodes { effects.write(node.effects) }
    writer.write(blob: effects.bytes)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    try self.init(deferringEffectsFrom: &reader)
    try readDeferredEffects(file: reader.file)
  }

  /// Everything but the effects, which stay encoded in `deferredEffects`.
  init(deferringEffectsFrom reader: inout CacheReader) throws(CacheReader.Malformed) {
    try self.init(allButEffectsFrom: &reader)
    deferredEffects = try reader.readBlob()
  }

  /// Decodes `deferredEffects` into the nodes, their locations in file `index`.
  mutating func readDeferredEffects(file index: Int32) throws(CacheReader.Malformed) {
    guard let bytes = deferredEffects.take() else { return }
    var reader = CacheReader(bytes, file: index)
    let count: Int = try reader.read()
    guard count == nodes.count else { throw CacheReader.Malformed() }
    for node in nodes.indices { nodes[node].effects = try reader.read() }
    guard reader.isAtEnd else { throw CacheReader.Malformed() }
  }

  /// Every field but the effects (a test writes an entry with effects of its own after it).
  func encodeAllButEffects(to writer: inout CacheWriter) {
    writer.write(path)
    writer.write(declarations)
    writer.write(nodes)
    writer.write(bagSites)
    writer.write(assignedBags)
    writer.write(closureCopies)
    writer.write(propertyWrites)
    writer.write(entries)
    writer.write(restores)
    writer.write(bagPasses)
    writer.write(closureWrappers)
    writer.write(contributions)
    writer.write(diagnostics)
    writer.write(ruleDiagnostics)
    writer.write(attributesOutsideImplicit)
    writer.write(undecidedConditions)
    writer.write(functionValues)
  }

  private init(allButEffectsFrom reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(path: try reader.read())
    declarations = try reader.read()
    nodes = try reader.read()
    bagSites = try reader.read()
    assignedBags = try reader.read()
    closureCopies = try reader.read()
    propertyWrites = try reader.read()
    entries = try reader.read()
    restores = try reader.read()
    bagPasses = try reader.read()
    closureWrappers = try reader.read()
    contributions = try reader.read()
    diagnostics = try reader.read()
    ruleDiagnostics = try reader.read()
    attributesOutsideImplicit = try reader.read()
    undecidedConditions = try reader.read()
    functionValues = try reader.read()
  }
}

extension FileDeclarations: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(functions)
    writer.write(types)
    writer.write(namedKeys)
    writer.write(defaultedTypes)
    writer.write(typeAliases.map { CachePair($0.name, $0.target) })
    writer.write(scopeClosureAliases.map { CachePair($0.name, $0.position) })
    writer.write(scopeClosureProperties.map { CachePair($0.name, $0.position) })
    writer.write(imports)
    writer.write(traitValueKeys.map { CachePair($0.key, $0.location) })
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init()
    functions = try reader.read()
    types = try reader.read()
    namedKeys = try reader.read()
    defaultedTypes = try reader.read()
    typeAliases = try reader.readPairs { (name: $0, target: $1) as (name: String, target: String) }
    scopeClosureAliases = try reader.readPairs { (name: $0, position: $1) as (name: String, position: Int) }
    scopeClosureProperties = try reader.readPairs { (name: $0, position: $1) as (name: String, position: Int) }
    imports = try reader.read()
    traitValueKeys = try reader.readPairs { (key: $0, location: $1) as (key: WrittenKey, location: SourceLoc) }
  }
}

/// Every location of a file's summary is in that file: only line and column are stored.
extension SourceLoc: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(Int(line))
    writer.write(Int(column))
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(file: reader.file, line: try reader.read(), column: try reader.read())
  }
}

extension CacheReader {
  /// A location, read in place: the generic `read()` called `SourceLoc.init(from:)` through its
  /// protocol witness (~80 instructions, ~500,000 locations a re-check at 5,000 files).
  @inline(__always)
  mutating func read() throws(Malformed) -> SourceLoc {
    SourceLoc(file: file, line: try read(), column: try read())
  }
}

/// Enums with string raw values are stored by raw value: reordering their cases changes
/// nothing on disk.
protocol CacheCodableByRawValue: CacheCodable, RawRepresentable where RawValue == String {}

extension CacheCodableByRawValue {
  func encode(to writer: inout CacheWriter) { writer.write(rawValue) }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    guard let value = Self(rawValue: try reader.read()) else { throw CacheReader.Malformed() }
    self = value
  }
}

/// A tag, not the raw value: every declaration has one, and matching the name against the
/// cases cost ~500 instructions a declaration (5 % of loading a summary).
extension AccessLevel: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .private: writer.write(tag: 0)
    case .fileprivate: writer.write(tag: 1)
    case .internal: writer.write(tag: 2)
    case .package: writer.write(tag: 3)
    case .public: writer.write(tag: 4)
    case .open: writer.write(tag: 5)
    }
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .private
    case 1: self = .fileprivate
    case 2: self = .internal
    case 3: self = .package
    case 4: self = .public
    case 5: self = .open
    default: throw CacheReader.Malformed()
    }
  }
}

extension DiagnosticID: CacheCodableByRawValue {}
extension Diagnostic.Severity: CacheCodableByRawValue {}

// MARK: Declarations

extension ParameterInfo: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(label)
    writer.write(isScope)
    writer.write(hasDefault)
    writer.write(isClosure)
    writer.write(isEscaping)
    writer.write(takesScopeClosure)
    writer.write(scopeClosurePosition)
    writer.write(isVariadic)
    writer.write(writtenType)
    writer.write(closureAlias)
    writer.write(storedProperty)
    writer.write(storedAlias)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      label: try reader.read(), isScope: try reader.read(), hasDefault: try reader.read(),
      isClosure: try reader.read(), isEscaping: try reader.read(), takesScopeClosure: try reader.read(),
      scopeClosurePosition: try reader.read(), isVariadic: try reader.read(), writtenType: try reader.read(),
      closureAlias: try reader.read(), storedProperty: try reader.read(), storedAlias: try reader.read())
  }
}

extension ConditionalBranch: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(ifConfig)
    writer.write(clause)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(ifConfig: try reader.read(), clause: try reader.read())
  }
}

extension FunctionDecl: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(typeName)
    writer.write(baseName)
    writer.write(shared: parameters)
    writer.write(scopeParameter)
    writer.write(access)
    writer.write(isSPIImplicits)
    writer.write(isStatic)
    writer.write(isProtocolRequirement)
    writer.write(isOverridable)
    writer.write(location)
    writer.write(node)
    writer.write(returnType)
    writer.write(returnKey)
    writer.write(isFailable)
    writer.write(traitKeys)
    writer.write(branches)
    writer.write(typeConstraints)
    writer.write(isAsync)
    writer.write(returnedClosures)
    writer.write(isConvenience)
  }

  /// Every field read before the one initializer call: fields set after it, by a throwing
  /// read, made the initializer copy and destroy the whole declaration (~0.5 k instructions
  /// per function, 45,000 functions at 5,000 files).
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    let typeName: String? = try reader.read(), baseName: String = try reader.read()
    let parameters: [ParameterInfo] = try reader.readShared(), scopeParameter: String? = try reader.read()
    let access: AccessLevel = try reader.read(), isSPIImplicits: Bool = try reader.read()
    let isStatic: Bool = try reader.read(), isProtocolRequirement: Bool = try reader.read()
    let isOverridable: Bool = try reader.read(), location: SourceLoc = try reader.read()
    let node: Int = try reader.read(), returnType: String? = try reader.read()
    let returnKey: KeyName? = try reader.read(), isFailable: Bool = try reader.read()
    let traitKeys: [WrittenKey]? = try reader.read(), branches: [ConditionalBranch] = try reader.read()
    let typeConstraints: [String: String] = try reader.read(), isAsync: Bool = try reader.read()
    let returnedClosures: [SourceLoc]? = try reader.read(), isConvenience: Bool = try reader.read()
    self.init(
      typeName: typeName, baseName: baseName, parameters: parameters, scopeParameter: scopeParameter,
      access: access, isSPIImplicits: isSPIImplicits, isStatic: isStatic,
      isProtocolRequirement: isProtocolRequirement, isOverridable: isOverridable, location: location, node: node,
      returnType: returnType, returnKey: returnKey, isFailable: isFailable, isConvenience: isConvenience,
      isAsync: isAsync, returnedClosures: returnedClosures, traitKeys: traitKeys, branches: branches,
      typeConstraints: typeConstraints)
  }
}

extension StoredImplicit: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(key)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(key: try reader.read(), location: try reader.read())
  }
}

extension TypeDecl: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(location)
    writer.write(isExtension)
    writer.write(storedImplicits)
    writer.write(bagProperties.map { CachePair($0.name, $0.site) })
    writer.write(propertyTypes.map { CachePair($0.name, $0.type) })
    writer.write(propertyKeys.map { CachePair($0.name, $0.key) })
    writer.write(superclass)
    writer.write(isFilePrivate)
    writer.write(staticPropertyTypes.map { CachePair($0.name, $0.type) })
    writer.write(inheritedTypes)
    writer.write(invokeTestKeys)
    writer.write(genericParameters)
    writer.write(constraints)
    writer.write(isPropertyWrapper)
    writer.write(hasMemberwiseInit)
    writer.write(isProtocol)
    writer.write(exportedProperties)
    writer.write(emptyBagDefaults.map { CachePair($0.name, $0.location) })
    writer.write(closedProperties)
    writer.write(payloadCases)
  }

  /// Every field read before the one initializer call, as `FunctionDecl`'s: set one by one
  /// after it, each throwing read copied and destroyed the declaration (~800 instructions).
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    let name: String = try reader.read(), location: SourceLoc = try reader.read()
    let isExtension: Bool = try reader.read(), storedImplicits: [StoredImplicit] = try reader.read()
    let bagProperties = try reader.readPairs { (name: $0, site: $1) as (name: String, site: Int) }
    let propertyTypes = try reader.readPairs { (name: $0, type: $1) as (name: String, type: String) }
    let propertyKeys = try reader.readPairs { (name: $0, key: $1) as (name: String, key: WrittenKey) }
    let superclass: String? = try reader.read(), isFilePrivate: Bool = try reader.read()
    let staticPropertyTypes = try reader.readPairs { (name: $0, type: $1) as (name: String, type: String) }
    let inheritedTypes: [String] = try reader.read(), invokeTestKeys: [WrittenKey]? = try reader.read()
    let genericParameters: [String] = try reader.read(), constraints: [String: String] = try reader.read()
    let isPropertyWrapper: Bool = try reader.read(), hasMemberwiseInit: Bool = try reader.read()
    let isProtocol: Bool = try reader.read(), exportedProperties: [ExportedProperty] = try reader.read()
    let emptyBagDefaults = try reader.readPairs { (name: $0, location: $1) as (name: String, location: SourceLoc) }
    let closedProperties: [String] = try reader.read(), payloadCases: [PayloadCase] = try reader.read()
    self.init(
      name: name, location: location, isExtension: isExtension, storedImplicits: storedImplicits,
      bagProperties: bagProperties, emptyBagDefaults: emptyBagDefaults, propertyTypes: propertyTypes,
      propertyKeys: propertyKeys, superclass: superclass, isFilePrivate: isFilePrivate,
      staticPropertyTypes: staticPropertyTypes, inheritedTypes: inheritedTypes, invokeTestKeys: invokeTestKeys,
      genericParameters: genericParameters, constraints: constraints, isPropertyWrapper: isPropertyWrapper,
      isProtocol: isProtocol, hasMemberwiseInit: hasMemberwiseInit, exportedProperties: exportedProperties,
      closedProperties: closedProperties, payloadCases: payloadCases)
  }
}

extension PayloadCase: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(labels)
    writer.write(scopePositions)
    writer.write(aliases)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(name: try reader.read(), labels: try reader.read(), scopePositions: try reader.read(), aliases: try reader.read())
  }
}

extension ExportedProperty: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(access)
    writer.write(isStatic)
    writer.write(key)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(name: try reader.read(), access: try reader.read(), isStatic: try reader.read(), key: try reader.read())
  }
}

extension NamedKeyDecl: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(valueType)
    writer.write(access)
    writer.write(location)
    writer.write(needsAccessor)
    writer.write(hasDefault)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      name: try reader.read(), valueType: try reader.read(), access: try reader.read(),
      location: try reader.read(), needsAccessor: try reader.read(), hasDefault: try reader.read())
  }
}

extension AssignedBag: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(type)
    writer.write(name)
    writer.write(bag)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(type: try reader.read(), name: try reader.read(), bag: try reader.read(), location: try reader.read())
  }
}

extension PropertyWrite: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(property)
    writer.write(call)
    writer.write(closure)
    writer.write(context)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      property: try reader.read(), call: try reader.read(), closure: try reader.read(), context: try reader.read(),
      location: try reader.read())
  }
}

extension ClosureCopy: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(from)
    writer.write(to)
    writer.write(context)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(from: try reader.read(), to: try reader.read(), context: try reader.read(), location: try reader.read())
  }
}

extension ClosureCopy.Target: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .property(let name):
      writer.write(tag: 0)
      writer.write(name)
    case .argument(let call, let index):
      writer.write(tag: 1)
      writer.write(call)
      writer.write(index)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .property(try reader.read())
    case 1: self = .argument(try reader.read(), index: try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension BagCapture: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .macro: writer.write(tag: 0)
    case .all: writer.write(tag: 1)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .macro
    case 1: self = .all
    default: throw CacheReader.Malformed()
    }
  }
}

extension BagSite: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(location)
    writer.write(storedIn)
    writer.write(capture)
    writer.write(wrapper)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      name: try reader.read(), location: try reader.read(), storedIn: try reader.read(),
      capture: try reader.read(), wrapper: try reader.read())
  }
}

extension ConditionSite: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(condition)
    writer.write(location)
    writer.write(start)
    writer.write(end)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(condition: try reader.read(), location: try reader.read(), start: try reader.read(), end: try reader.read())
  }
}

extension ClosureWrapperCall.Signature: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(leadingParameters)
    writer.write(isAsync)
    writer.write(isThrowing)
    writer.write(isSendable)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      leadingParameters: try reader.read(), isAsync: try reader.read(), isThrowing: try reader.read(),
      isSendable: try reader.read())
  }
}

extension ClosureWrapperSite: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(location)
    writer.write(signature)
    writer.write(bagSite)
    writer.write(isOutsideScope)
    writer.write(end)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      name: try reader.read(), location: try reader.read(), signature: try reader.read(),
      bagSite: try reader.read(), isOutsideScope: try reader.read(), end: try reader.read())
  }
}

extension AttributeOutsideImplicit: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(implicit)
    writer.write(attribute)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(name: try reader.read(), implicit: try reader.read(), attribute: try reader.read())
  }
}

// MARK: Diagnostics

extension Diagnostic.Note: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(location)
    writer.write(message)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(location: try reader.read(), message: try reader.read())
  }
}

extension Diagnostic: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(id)
    writer.write(severity)
    writer.write(location)
    writer.write(message)
    writer.write(notes)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      id: try reader.read(), severity: try reader.read(), location: try reader.read(),
      message: try reader.read(), notes: try reader.read())
  }
}
#endif
