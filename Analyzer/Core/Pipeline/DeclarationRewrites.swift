#if ImplicitsAnalysis
/// What `FileAnalyzer.simulate` changed in one file's declarations, closure copies and
/// nodes, kept with its frames (`SimulatedFrames.rewrites`): a re-check sets these values
/// instead of resolving the declarations' keys and aliases again.
///
/// They are a function of the summary `simulate` was given (the record's entry, and the
/// trait keys inherited from other files: `ResolvedKeysRecord.holds` compares both), the
/// identities of the declarations' keys (the record holds only if every identifier they
/// read digests the same) and the answers of the module's scope-closure aliases. The last
/// is proved by `ScopeClosureAliases.digest`, the whole table's hash, which the frames
/// carry (`SimulatedFrames.aliasDigest`): each declaration looks aliases up (every
/// parameter with a written type), so the answers are not recorded one by one.
///
/// Only what changed is kept: most declarations resolve to what they were.
struct DeclarationRewrites: CacheCodable, Equatable {
  /// A function whose return key, trait keys or parameters `simulate` set.
  struct Function: Equatable {
    var index: Int
    var returnKey: KeyName?
    var traitKeys: [WrittenKey]?
    /// `nil` when unchanged (only a scope-closure alias changes a parameter).
    var parameters: [ParameterInfo]?
  }

  /// A type whose exported properties or stored implicits `simulate` rewrote.
  struct TypeKeys: Equatable {
    var index: Int
    var exportedProperties: [ExportedProperty]
    var storedImplicits: [StoredImplicit]
  }

  var functions: [Function] = []
  var types: [TypeKeys] = []
  /// `nil` when unchanged.
  var defaultedTypes: [KeyName]?
  /// The closure copies as `simulate` left them; `nil` when the file has none.
  var closureCopies: [ClosureCopy]?
  /// Nodes whose `scopePosition` an alias set.
  var scopePositions: [(node: Int, position: Int)] = []
  /// `key-not-inferable` of the declarations (trait keys), in order.
  var diagnostics: [Diagnostic] = []

  /// Sets the recorded values in `summary` (the summary they were recorded from).
  func apply(to summary: inout FileSummary) {
    for (node, position) in scopePositions { summary.nodes[node].scopePosition = position }
    for function in functions {
      summary.declarations.functions[function.index].returnKey = function.returnKey
      summary.declarations.functions[function.index].traitKeys = function.traitKeys
      if let parameters = function.parameters { summary.declarations.functions[function.index].parameters = parameters }
    }
    if let defaultedTypes { summary.declarations.defaultedTypes = defaultedTypes }
    for type in types {
      summary.declarations.types[type.index].exportedProperties = type.exportedProperties
      summary.declarations.types[type.index].storedImplicits = type.storedImplicits
    }
    if let closureCopies { summary.closureCopies = closureCopies }
    summary.diagnostics += diagnostics
  }

  /// Whether every index is one of a summary's with these counts: a record read against
  /// another summary (which its entry's name rules out) is not applied. (Counts, not the
  /// summary: one passed from a `consuming` parameter was copied whole.)
  func fits(functions functionCount: Int, types typeCount: Int, nodes nodeCount: Int) -> Bool {
    functions.allSatisfy { (0..<functionCount).contains($0.index) }
      && types.allSatisfy { (0..<typeCount).contains($0.index) }
      && scopePositions.allSatisfy { (0..<nodeCount).contains($0.node) }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.functions == rhs.functions && lhs.types == rhs.types && lhs.defaultedTypes == rhs.defaultedTypes
      && lhs.closureCopies?.count == rhs.closureCopies?.count
      && zip(lhs.closureCopies ?? [], rhs.closureCopies ?? []).allSatisfy { $0.encoded == $1.encoded }
      && lhs.scopePositions.elementsEqual(rhs.scopePositions) { $0 == $1 } && lhs.diagnostics == rhs.diagnostics
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(functions)
    writer.write(types)
    writer.write(defaultedTypes)
    writer.write(closureCopies)
    writer.write(scopePositions.map { CachePair($0.node, $0.position) })
    writer.write(diagnostics)
  }

  init() {}

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    functions = try reader.read()
    types = try reader.read()
    defaultedTypes = try reader.read()
    closureCopies = try reader.read()
    scopePositions = try reader.readPairs { (node: $0, position: $1) as (node: Int, position: Int) }
    diagnostics = try reader.read()
  }
}

extension DeclarationRewrites.Function: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(index)
    writer.write(returnKey)
    writer.write(traitKeys)
    writer.write(parameters)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(
      index: try reader.read(), returnKey: try reader.read(), traitKeys: try reader.read(),
      parameters: try reader.read())
  }
}

extension DeclarationRewrites.TypeKeys: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(index)
    writer.write(exportedProperties)
    writer.write(storedImplicits)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(index: try reader.read(), exportedProperties: try reader.read(), storedImplicits: try reader.read())
  }
}

extension ClosureCopy {
  /// Its bytes, for comparing two (it holds a call site, which has no `==`).
  fileprivate var encoded: [UInt8] {
    var writer = CacheWriter()
    writer.write(self)
    return writer.bytes
  }
}
#endif
