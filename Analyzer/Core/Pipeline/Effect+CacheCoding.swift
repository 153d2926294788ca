#if ImplicitsAnalysis
// The binary form of bodies, effects and contributions (`CacheCoding.swift`). An enum is
// its case's position (a tag byte) followed by the case's values.

extension MemberKind: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .any: writer.write(tag: 0)
    case .static: writer.write(tag: 1)
    case .instance: writer.write(tag: 2)
    }
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .any
    case 1: self = .static
    case 2: self = .instance
    default: throw CacheReader.Malformed()
    }
  }
}

extension Receiver: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .unqualified: writer.write(tag: 0)
    case .enclosingType: writer.write(tag: 1)
    case .type(let name):
      writer.write(tag: 2)
      writer.write(name)
    case .property(let name):
      writer.write(tag: 3)
      writer.write(name)
    case .staticProperty(let type, let name):
      writer.write(tag: 4)
      writer.write(type)
      writer.write(name)
    case .superclass: writer.write(tag: 5)
    case .operator: writer.write(tag: 6)
    case .unknown: writer.write(tag: 7)
    case .member(let owner, let name):
      writer.write(tag: 8)
      owner.encode(to: &writer)
      writer.write(name)
    case .result(let owner, let name):
      writer.write(tag: 9)
      owner.encode(to: &writer)
      writer.write(name)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .unqualified
    case 1: self = .enclosingType
    case 2: self = .type(try reader.read())
    case 3: self = .property(try reader.read())
    case 4: self = .staticProperty(type: try reader.read(), name: try reader.read())
    case 5: self = .superclass
    case 6: self = .operator
    case 7: self = .unknown
    case 8: self = .member(of: try Receiver(from: &reader), name: try reader.read())
    case 9: self = .result(of: try Receiver(from: &reader), name: try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension CallSite: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(baseName)
    writer.write(shared: labels)
    writer.write(receiver)
    writer.write(callerType)
    writer.write(location)
    writer.write(passesScope)
    writer.write(isTentative)
    writer.write(tentativePositions)
    writer.write(tentativeArguments)
    writer.write(memberKind)
    writer.write(scopeArgument)
    writer.write(isAwaited)
    writer.write(isValueCall)
    writer.write(isReference)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      baseName: try reader.read(), labels: try reader.readShared(), receiver: try reader.read(),
      callerType: try reader.read(), location: try reader.read(), passesScope: try reader.read(),
      isTentative: try reader.read(), tentativePositions: try reader.read(),
      tentativeArguments: try reader.read(), memberKind: try reader.read(),
      scopeArgument: try reader.read(), isAwaited: try reader.read(), isValueCall: try reader.read(),
      isReference: try reader.read())
  }
}

extension BagReference: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .site(let site):
      writer.write(tag: 0)
      writer.write(site)
    case .parameter(let function, let index):
      writer.write(tag: 1)
      writer.write(function)
      writer.write(index)
    case .property(let type, let name):
      writer.write(tag: 2)
      writer.write(type)
      writer.write(name)
    case .empty: writer.write(tag: 3)
    case .unknown(let text):
      writer.write(tag: 4)
      writer.write(text)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .site(try reader.read())
    case 1: self = .parameter(function: try reader.read(), index: try reader.read())
    case 2: self = .property(type: try reader.read(), name: try reader.read())
    case 3: self = .empty
    case 4: self = .unknown(try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension ScopeKind: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .root: writer.write(tag: 0)
    case .bag(let bag):
      writer.write(tag: 1)
      writer.write(bag)
    case .nested: writer.write(tag: 2)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .root
    case 1: self = .bag(try reader.read())
    case 2: self = .nested
    default: throw CacheReader.Malformed()
    }
  }
}

extension ClosureShape: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(arity)
    writer.write(scopePosition)
    writer.write(alias)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(arity: try reader.read(), scopePosition: try reader.read(), alias: try reader.read())
  }
}

extension ComposedChain: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(layers)
    writer.write(route)
    writer.write(routeName)
    writer.write(nextPosition)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(layers: try reader.read(), route: try reader.read(), routeName: try reader.read(), nextPosition: try reader.read())
  }
}

extension ComposedChain.Layer: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(type)
    writer.write(name)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(type: try reader.read(), name: try reader.read())
  }
}

extension ClosureContext: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .inPlace: writer.write(tag: 0)
    case .argument(let call, let index, let inLiteral):
      writer.write(tag: 1)
      writer.write(call)
      writer.write(index)
      writer.write(inLiteral)
    case .called(let name):
      writer.write(tag: 2)
      writer.write(name)
    case .macro(let name):
      writer.write(tag: 3)
      writer.write(name)
    case .escaping: writer.write(tag: 4)
    case .stored(let type, let position, let inProperty):
      writer.write(tag: 5)
      writer.write(type)
      writer.write(position)
      writer.write(inProperty)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .inPlace
    case 1: self = .argument(try reader.read(), index: try reader.read(), inLiteral: try reader.read())
    case 2: self = .called(try reader.read())
    case 3: self = .macro(try reader.read())
    case 4: self = .escaping
    case 5: self = .stored(type: try reader.read(), scopePosition: try reader.read(), inProperty: try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension WrittenKey: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .spelled(let spelling):
      writer.write(tag: 0)
      writer.write(spelling)
    case .value(let value):
      writer.write(tag: 1)
      writer.write(value)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .spelled(try reader.read())
    case 1: self = .value(try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension ValueKey: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(kind.rawValue)
    writer.write(type)
    writer.write(name)
    writer.write(labels)
    writer.write(String(firstArgument))
    writer.write(wrapping)
    writer.write(variable)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    guard let kind = Kind(rawValue: try reader.read()) else { throw CacheReader.Malformed() }
    let type: String = try reader.read()
    let name: String = try reader.read()
    let labels: [String?] = try reader.read()
    let first: String = try reader.read()
    // One character: checked without counting the string's characters (`count` walks
    // grapheme breaks, a tenth of decoding a key).
    guard let firstArgument = first.first, first.utf8.count == firstArgument.utf8.count else {
      throw CacheReader.Malformed()
    }
    self.init(kind: kind, type: type, name: name, labels: labels, firstArgument: firstArgument, variable: "")
    wrapping = try reader.read()
    variable = try reader.read()
  }
}

extension Effect: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .read(let key, let location):
      writer.write(tag: 0)
      writer.write(key)
      writer.write(location)
    case .provide(let key, let location):
      writer.write(tag: 1)
      writer.write(key)
      writer.write(location)
    case .provideUnderCondition(let key, let location, let condition):
      writer.write(tag: 2)
      writer.write(key)
      writer.write(location)
      writer.write(condition)
    case .call(let call):
      writer.write(tag: 3)
      writer.write(call)
    case .openScope(let name, let kind, let location):
      writer.write(tag: 4)
      writer.write(name)
      writer.write(kind)
      writer.write(location)
    case .closeScope(let name, let location):
      writer.write(tag: 5)
      writer.write(name)
      writer.write(location)
    case .enterBranch: writer.write(tag: 6)
    case .exitBranch: writer.write(tag: 7)
    case .joinBranches(let arms, let reaching):
      writer.write(tag: 14)
      writer.write(arms)
      writer.write(Int(bitPattern: UInt(reaching)))
    case .closure(let node, let context, let location):
      writer.write(tag: 8)
      writer.write(node)
      writer.write(context)
      writer.write(location)
    case .captureBag(let site, let location):
      writer.write(tag: 9)
      writer.write(site)
      writer.write(location)
    case .callScopeClosure(let parameter, let location):
      writer.write(tag: 10)
      writer.write(parameter)
      writer.write(location)
    case .callClosureValue(let shape, let parameter, let tentative, let location):
      writer.write(tag: 11)
      writer.write(shape)
      writer.write(parameter)
      writer.write(tentative)
      writer.write(location)
    case .forwardScopeClosure(let parameter, let site, let argument):
      writer.write(tag: 12)
      writer.write(parameter)
      writer.write(site)
      writer.write(argument)
    case .callComposedChain(let chain, let shape, let tentative, let location):
      writer.write(tag: 13)
      writer.write(chain)
      writer.write(shape)
      writer.write(tentative)
      writer.write(location)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .read(try reader.read(), try reader.read())
    case 1: self = .provide(try reader.read(), try reader.read())
    case 2: self = .provideUnderCondition(try reader.read(), try reader.read(), condition: try reader.read())
    case 3: self = .call(try reader.read())
    case 4: self = .openScope(name: try reader.read(), try reader.read(), try reader.read())
    case 5: self = .closeScope(name: try reader.read(), try reader.read())
    case 6: self = .enterBranch
    case 7: self = .exitBranch
    case 8: self = .closure(node: try reader.read(), try reader.read(), try reader.read())
    case 9: self = .captureBag(site: try reader.read(), try reader.read())
    case 10: self = .callScopeClosure(parameter: try reader.read(), try reader.read())
    case 11:
      self = .callClosureValue(try reader.read(), parameter: try reader.read(), tentative: try reader.read(), try reader.read())
    case 12: self = .forwardScopeClosure(parameter: try reader.read(), try reader.read(), argument: try reader.read())
    case 13: self = .callComposedChain(try reader.read(), try reader.read(), tentative: try reader.read(), try reader.read())
    case 14:
      let arms: Int = try reader.read()
      let reaching: Int = try reader.read()
      self = .joinBranches(arms: arms, reaching: UInt64(UInt(bitPattern: reaching)))
    default: throw CacheReader.Malformed()
    }
  }
}

extension NodeKind: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .function(let function):
      writer.write(tag: 0)
      writer.write(function)
    case .closure(let scopeParameter):
      writer.write(tag: 1)
      writer.write(scopeParameter)
    case .topLevel: writer.write(tag: 2)
    case .accessor: writer.write(tag: 3)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .function(try reader.read())
    case 1: self = .closure(scopeParameter: try reader.read())
    case 2: self = .topLevel
    case 3: self = .accessor
    default: throw CacheReader.Malformed()
    }
  }
}

/// Without its effects: `FileSummary` writes them apart, last.
extension BodyNode: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(kind)
    writer.write(name)
    writer.write(location)
    writer.write(typeName)
    writer.write(tentativeScope)
    writer.write(closureArity)
    writer.write(scopePosition)
    writer.write(closureAlias)
    writer.write(constant)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      kind: try reader.read(), name: try reader.read(), location: try reader.read(), effects: [],
      typeName: try reader.read(), tentativeScope: try reader.read(), closureArity: try reader.read(),
      scopePosition: try reader.read(), closureAlias: try reader.read(), constant: try reader.read())
  }
}

extension ClosureConstant: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(isFilePrivate)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(name: try reader.read(), isFilePrivate: try reader.read())
  }
}

// MARK: Contributions

extension Sink: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .body(let node):
      writer.write(tag: 0)
      writer.write(node)
    case .entry(let entry):
      writer.write(tag: 1)
      writer.write(entry)
    case .bag(let bag):
      writer.write(tag: 2)
      writer.write(bag)
    }
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .body(try reader.read())
    case 1: self = .entry(try reader.read())
    case 2: self = .bag(try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension Source: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .key(let key):
      writer.write(tag: 0)
      writer.write(key)
    case .call(let call):
      writer.write(tag: 1)
      writer.write(call)
    case .closure(let node, let context):
      writer.write(tag: 2)
      writer.write(node)
      writer.write(context)
    case .bagCapture(let site):
      writer.write(tag: 3)
      writer.write(site)
    case .scopeClosure(let parameter):
      writer.write(tag: 4)
      writer.write(parameter)
    case .closureValue(let shape, let parameter, let tentative):
      writer.write(tag: 5)
      writer.write(shape)
      writer.write(parameter)
      writer.write(tentative)
    case .forwardedScopeClosure(let parameter, let site, let argument):
      writer.write(tag: 6)
      writer.write(parameter)
      writer.write(site)
      writer.write(argument)
    case .composedChain(let chain, let shape, let tentative):
      writer.write(tag: 7)
      writer.write(chain)
      writer.write(shape)
      writer.write(tentative)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .key(try reader.read())
    case 1: self = .call(try reader.read())
    case 2: self = .closure(node: try reader.read(), try reader.read())
    case 3: self = .bagCapture(site: try reader.read())
    case 4: self = .scopeClosure(parameter: try reader.read())
    case 5: self = .closureValue(try reader.read(), parameter: try reader.read(), tentative: try reader.read())
    case 6: self = .forwardedScopeClosure(parameter: try reader.read(), try reader.read(), argument: try reader.read())
    case 7: self = .composedChain(try reader.read(), try reader.read(), tentative: try reader.read())
    default: throw CacheReader.Malformed()
    }
  }
}

extension Contribution: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(sink)
    writer.write(source)
    writer.write(shared: mask)
    writer.write(location)
    writer.write(origin)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      sink: try reader.read(), source: try reader.read(), mask: try reader.readShared(), location: try reader.read(),
      origin: try reader.read())
  }
}

extension ConditionalDeclaration: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(location)
    writer.write(condition)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(location: try reader.read(), condition: try reader.read())
  }
}

extension EntryPoint: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(location)
    writer.write(node)
    writer.write(restoresEmptyBag)
    writer.write(conditionalKeys)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      location: try reader.read(), node: try reader.read(), restoresEmptyBag: try reader.read(),
      conditionalKeys: try reader.read())
  }
}

extension BagPass: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(call)
    writer.write(argument)
    writer.write(bag)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(call: try reader.read(), argument: try reader.read(), bag: try reader.read())
  }
}

extension BagRestore: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(bag)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(bag: try reader.read(), location: try reader.read())
  }
}
#endif
