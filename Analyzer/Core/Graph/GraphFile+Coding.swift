#if ImplicitsAnalysis
/// The few values of a part that are written as they are; the nodes, edges and rows are
/// written by `GraphFile.Encoder` and read by `GraphFile.Part.init(body:)`. Each encodes one
/// way, into any `CacheWriting`: the encoder's `GraphFile.PartWriter`, or a `CacheWriter`.

extension GraphFile.Place: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    writer.write(path)
    writer.write(Int(line))
    writer.write(Int(column))
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    path = try reader.read()
    line = try reader.read()
    column = try reader.read()
  }
}

extension GraphFile.Kind: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    switch self {
    case .function(let index):
      writer.write(tag: 0)
      writer.write(index)
    case .closure(let inFile, let parameter):
      writer.write(tag: 1)
      writer.write(inFile)
      writer.write(optional: parameter)
    case .topLevel: writer.write(tag: 2)
    case .accessor: writer.write(tag: 3)
    case .external(let module):
      writer.write(tag: 4)
      writer.write(module)
    case .entry(let restoresEmptyBag):
      writer.write(tag: 5)
      writer.write(restoresEmptyBag)
    case .bag(let site):
      writer.write(tag: 6)
      writer.write(site)
    case .overloadSet(let signature):
      writer.write(tag: 7)
      writer.write(signature)
    case .inheritedInitializer: writer.write(tag: 8)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .function(index: try reader.read())
    case 1: self = .closure(inFile: try reader.read(), scopeParameter: try reader.read())
    case 2: self = .topLevel
    case 3: self = .accessor
    case 4: self = .external(module: try reader.read())
    case 5: self = .entry(restoresEmptyBag: try reader.read())
    case 6: self = .bag(site: try reader.read())
    case 7: self = .overloadSet(signature: try reader.read())
    case 8: self = .inheritedInitializer
    default: throw CacheReader.Malformed()
    }
  }
}

extension RequirementGraph.Role: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    switch self {
    case .read: writer.write(tag: 0)
    case .call(let name):
      writer.write(tag: 1)
      writer.write(name)
    case .closure: writer.write(tag: 2)
    case .closureParameterCall: writer.write(tag: 3)
    case .closureValueCall(let type):
      writer.write(tag: 4)
      writer.write(type)
    case .bagCapture: writer.write(tag: 5)
    case .bagRestoredBy(let function):
      writer.write(tag: 6)
      writer.write(function)
    case .bagStored(let property):
      writer.write(tag: 7)
      writer.write(property)
    case .bagKept(let property, let by):
      writer.write(tag: 8)
      writer.write(property)
      writer.write(optional: by)
    case .closureCopy(let from, let into, let by):
      writer.write(tag: 9)
      writer.write(from)
      writer.write(into)
      writer.write(optional: by)
    case .storedProperty: writer.write(tag: 10)
    }
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    switch try reader.tag() {
    case 0: self = .read
    case 1: self = .call(try reader.read())
    case 2: self = .closure
    case 3: self = .closureParameterCall
    case 4: self = .closureValueCall(type: try reader.read())
    case 5: self = .bagCapture
    case 6: self = .bagRestoredBy(try reader.read())
    case 7: self = .bagStored(property: try reader.read())
    case 8: self = .bagKept(property: try reader.read(), by: try reader.read())
    case 9: self = .closureCopy(from: try reader.read(), into: try reader.read(), by: try reader.read())
    case 10: self = .storedProperty
    default: throw CacheReader.Malformed()
    }
  }
}

extension GraphFile.CallScan.Cursor {
  /// A role as `RequirementGraph.Role.encode(into:)` above writes it, read in place by the
  /// part's scans (`CallScan`, `LoopScan`): its tag, and for a call (tag 1) its name's
  /// number in `strings`, else -1. The other roles' strings are numbered, not kept.
  @inline(__always)
  mutating func role(_ strings: inout [Range<Int>]) throws(GraphFile.CallScan.Malformed) -> (tag: UInt8, name: Int32) {
    let tag = try byte()
    switch tag {
    case 0, 2, 3, 5, 10: return (tag, -1)
    case 1: return (tag, Int32(try string(&strings)))
    case 4, 6, 7: _ = try string(&strings)
    case 8:
      _ = try string(&strings)
      try skipOptionalString(&strings)
    case 9:
      _ = try string(&strings)
      _ = try string(&strings)
      try skipOptionalString(&strings)
    default: throw GraphFile.CallScan.Malformed()
    }
    return (tag, -1)
  }

  /// `CacheWriter.write(optional:)` of a string: tag 0, or tag 1 and the string (numbered in `strings`).
  mutating func skipOptionalString(_ strings: inout [Range<Int>]) throws(GraphFile.CallScan.Malformed) {
    switch try byte() {
    case 0: break
    case 1: _ = try string(&strings)
    default: throw GraphFile.CallScan.Malformed()
    }
  }
}

extension GraphFile.StoredNote: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    location.encode(into: &writer)
    writer.write(message)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    location = try reader.read()
    message = try reader.read()
  }
}

extension GraphFile.StoredDiagnostic: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    writer.write(id)
    writer.write(severity)
    location.encode(into: &writer)
    writer.write(message)
    writer.write(notes.count)
    for note in notes { note.encode(into: &writer) }
    writer.write(unresolvedKeys != nil)
    if let unresolvedKeys { writer.write(strings: unresolvedKeys) }
    writer.write(optional: unresolvedEntry)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    id = try reader.read()
    severity = try reader.read()
    location = try reader.read()
    message = try reader.read()
    notes = try reader.read()
    unresolvedKeys = try reader.read()
    unresolvedEntry = try reader.read()
  }
}
#endif
