#if ImplicitsAnalysis
/// What `FileAnalyzer.simulate` made of one file's bodies, kept in its `ResolvedKeysRecord`:
/// a re-check replays it for a file whose keys are replayed, instead of walking every
/// effect of the file again (a third of `simulate`'s cost, the frames most of the rest).
///
/// The frames are a function of the file's summary (the record's entry), the keys it
/// resolves (the record holds only when those are unchanged) and the scope-closure
/// aliases its effects look up in other files (`aliasReads`, asked again here).
///
/// The declarations' share of `simulate` (parameter aliases, return and trait keys, stored
/// implicits, closure copies) is kept as what it changed (`rewrites`), reused only when
/// the module's alias table is the one it was made with (`aliasDigest`, see
/// `DeclarationRewrites` for what else it depends on); else it is recomputed.
struct SimulatedFrames: CacheCodable, Equatable {
  /// Each alias looked up while the effects' keys were resolved, with what it named then.
  var aliasReads: [AliasRead] = []
  /// `ScopeClosureAliases.digest` when the frames and `rewrites` were made.
  var aliasDigest: ContentHash?
  /// What the declarations' share of `simulate` changed.
  var rewrites: DeclarationRewrites?
  /// `key-not-inferable` for declarations in bodies, in the order the effects gave them.
  var keyDiagnostics: [Diagnostic] = []
  var contributions: [Contribution] = []
  var entries: [EntryPoint] = []
  var restores: [BagRestore] = []
  /// The scope-misuse diagnostics of the frame simulation.
  var diagnostics: [Diagnostic] = []

  /// One `ScopeClosureAliases.alias(_:context:)` question and its answer.
  struct AliasRead: Equatable {
    var name: String
    var context: String?
    var alias: String?
    var position: Int?
  }

  /// Whether the whole alias table is the one the frames and rewrites were made with: then
  /// every alias question, the effects' and the declarations', has its answer of then.
  func holdsWhole(for aliases: ScopeClosureAliases) -> Bool {
    aliasDigest != nil && aliasDigest == aliases.digest && rewrites != nil
  }

  /// Whether every alias looked up names what it named when the frames were made.
  func holds(for aliases: ScopeClosureAliases) -> Bool {
    if holdsWhole(for: aliases) { return true }
    return aliasReads.allSatisfy { read in
      let now = aliases.alias(read.name, context: read.context)
      return now?.name == read.alias && now?.position == read.position
    }
  }

  /// Adds what the frames gave to `summary`, after what it has: their replay.
  func append(to summary: inout FileSummary) {
    // Taken as decoded (exact) where the summary has none yet: no copy, nothing to trim.
    func append<Element>(_ replayed: [Element], to array: inout [Element]) {
      if array.isEmpty { array = replayed } else { array += replayed }
    }
    append(contributions, to: &summary.contributions)
    append(entries, to: &summary.entries)
    append(restores, to: &summary.restores)
    append(diagnostics, to: &summary.diagnostics)
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(aliasReads)
    writer.write(aliasDigest)
    writer.write(rewrites)
    writer.write(keyDiagnostics)
    writer.write(contributions)
    writer.write(entries)
    writer.write(restores)
    writer.write(diagnostics)
  }

  init() {}

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    aliasReads = try reader.read()
    aliasDigest = try reader.read()
    rewrites = try reader.read()
    keyDiagnostics = try reader.read()
    contributions = try reader.read()
    entries = try reader.read()
    restores = try reader.read()
    diagnostics = try reader.read()
  }
}

extension SimulatedFrames.AliasRead: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(context)
    writer.write(alias)
    writer.write(position)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self.init(name: try reader.read(), context: try reader.read(), alias: try reader.read(), position: try reader.read())
  }
}
#endif
