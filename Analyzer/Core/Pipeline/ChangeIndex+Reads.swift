#if ImplicitsAnalysis
extension ChangeIndex {
  /// This run's rows in the making: which files get a row made (`makesRow`), and what each
  /// of those read, gathered where it is read: the call lookups as the graph build makes
  /// them (`CallLookups`), the key identifiers and alias questions where the module-wide
  /// passes resolve and simulate the file (`Analyzer.check`). Every other file keeps its
  /// row of the last run (`ChangeIndex.after`).
  final class Reads: @unchecked Sendable {
    /// Per file: whether its row is made this run. The dirty files; every file without a
    /// usable index, or with the oracle (which checks the rows kept against new ones).
    let makesRow: [Bool]
    /// Per file whose row is made: the hashes its call lookups read (`LookupReads`), and
    /// those of its key reads and alias questions, unsorted.
    let lookups: Slots<[UInt32]>
    let keys: Slots<[UInt32]>
    /// With the oracle: the digest of each file's resolved keys and frames.
    let records: Slots<String>
    let oracle: Bool

    init(makesRow: [Bool], oracle: Bool) {
      self.makesRow = makesRow
      lookups = Slots(count: makesRow.count)
      keys = Slots(count: makesRow.count)
      records = Slots(count: makesRow.count)
      self.oracle = oracle
    }

    /// Whether file `index`'s lookups are recorded: its row is made, or the oracle compares
    /// every file's with the row kept.
    func recordsLookups(_ index: Int) -> Bool { oracle || makesRow[index] }

    /// File `index`'s record as it stands after this run (found, or made again), and its
    /// summary as simulated (its declarations rewritten).
    func record(_ record: ResolvedKeysRecord, frames: SimulatedFrames?, summary: FileSummary, file index: Int) {
      if oracle { records[index] = Self.digest(record, frames: frames, summary: summary) }
      guard recordsLookups(index) else { return }
      var names = record.reads.map { ChangeIndex.keyName($0.identifier) }
      for read in frames?.aliasReads ?? [] {
        ChangeIndex.aliasNames(ofRead: read.name) { names.append($0) }
        // The answer too: `RowCell#onDelete` answered by `RowAction` changes when `RowAction`
        // does, in another file than the property (`ChangeIndexGraphTests`).
        if let alias = read.alias { names.append(ChangeIndex.aliasName(alias)) }
      }
      // What the declarations' rewrites ask the alias table (`DeclarationRewrites`).
      for function in summary.declarations.functions {
        for parameter in function.parameters {
          if let written = parameter.writtenType { names.append(ChangeIndex.aliasName(written)) }
          if let stored = parameter.storedProperty { ChangeIndex.aliasNames(ofRead: stored) { names.append($0) } }
        }
      }
      keys[index] = names
    }

    /// The calls of `file` the graph build looks up besides its `.call` contributions and bag
    /// passes, which `CallLookups` and the oracle's pass (`Oracle.lookUp`) look up too so that
    /// the row holds what they read: a call given a closure argument (which callee takes it,
    /// and how, decides whether its `scope` is an `ImplicitScope`, with no edge between the
    /// two files: `router.add { value, scope in … }` after `add(_: @escaping Handler)`
    /// became `add(_: @escaping (Int) -> Void)`), and a call a closure value is copied into.
    static func closureSites(of file: FileSummary, _ body: (CallSite) -> Void) {
      for contribution in file.contributions {
        if case .closure(_, .argument(let site, _, _)) = contribution.source { body(site) }
      }
      for copy in file.closureCopies {
        if case .argument(let site, _) = copy.to { body(site) }
      }
    }

    /// What decides whether each class `file` declares with stored implicits or bags has an
    /// `init(_ scope:)` (`GraphBuilder.attachStoredImplicits`; its error is in this file): an
    /// initializer it inherits from a superclass declared in another file. Read where its
    /// calls are (`CallLookups`, `Oracle.lookUp`), so that an edit of a superclass's
    /// initializers makes this file dirty.
    static func readInitializerInheritance(of file: FileSummary, in table: SymbolTable) {
      for type in file.declarations.types
      where type.superclass != nil && !type.isExtension && !(type.storedImplicits.isEmpty && type.bagProperties.isEmpty) {
        table.readInitializerInheritance(of: type.name)
      }
    }

    /// What file `index`'s call lookups read, as `CallLookups` looked them up.
    func recordLookups(_ reads: LookupReads, file index: Int) {
      lookups[index] = reads.names
    }

    /// File `index`'s row: its reads ascending, without repeats.
    func row(_ index: Int) -> [UInt32] {
      Self.sorted((lookups[index] ?? []) + (keys[index] ?? []))
    }

    /// `names` ascending, without repeats: a row.
    static func sorted(_ names: [UInt32]) -> [UInt32] {
      var row = names
      row.sort()
      var kept = 0
      for index in row.indices where kept == 0 || row[kept - 1] != row[index] {
        row[kept] = row[index]
        kept += 1
      }
      row.removeLast(row.count - kept)
      return row
    }

    /// The record's pairs in a fixed order, its frames without the alias table's digest and
    /// the declarations' rewrites (replayed or made again, as the table allows), and the
    /// declarations as rewritten: what simulating the file gave, however it was got.
    private static func digest(_ record: ResolvedKeysRecord, frames: SimulatedFrames?, summary: FileSummary) -> String {
      var hash = ContentHash()
      let pairs = (try? record.resolved()) ?? record.declared
      for line in pairs.map({ "\($0.key.key.spelling)\u{1}\($0.key.context ?? "\u{0}")\u{1}\($0.value ?? "\u{0}")" }).sorted() {
        hash.add(line)
      }
      var frames = frames ?? SimulatedFrames()
      frames.aliasDigest = nil
      frames.rewrites = nil
      var writer = CacheWriter()
      writer.canonical = true
      writer.write(frames)
      hash.add(bytes: writer.bytes)
      for function in summary.declarations.functions {
        hash.add(function.returnKey ?? "\u{0}")
        hash.add((function.traitKeys ?? []).map(\.spelling).joined(separator: ","))
        for parameter in function.parameters { hash.add(ChangeSet.describe(parameter)) }
      }
      for type in summary.declarations.types {
        for stored in type.storedImplicits { hash.add(stored.key) }
        for property in type.exportedProperties { hash.add(property.key.spelling) }
      }
      return hash.hex
    }
  }
}
#endif
