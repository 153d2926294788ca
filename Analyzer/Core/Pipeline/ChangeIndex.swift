#if ImplicitsAnalysis
import Foundation

/// Who read what in the last cached run: for each name a changed file can change
/// (`ChangeSet`), the files whose lookups read it. A re-check that knows which files
/// changed then knows every other file whose key resolution, simulated frames or call
/// lookups could answer differently (`dirty`), without looking anything up again:
/// design step 3 of the change-driven graph (`Benchmarks/Analyzer/README.md`).
///
/// Names, by what read them:
/// - `c <type> <base name>`, `c * <base name>`, `c <base name>` and `t <type's last
///   component>`: a call's lookup (`SymbolTable.candidates` with `LookupReads`) read a
///   type's methods of that base name, any type's, the free functions', or asked a table
///   about that type (declared? an alias? its methods, superclass, conformances, property
///   types, generic parameters);
/// - `k <identifier>`: the file's key resolution read that `KeyResolutionInputs`
///   identifier (its `ResolvedKeysRecord.reads`);
/// - `a <last component>`: the file's frames asked `ScopeClosureAliases` about a name with
///   that component (an alias, a property, an owner type on the way), or its declarations
///   name one (a parameter's written type, a property's type).
///
/// Kept only behind `IMPLICITS_CHANGE_INDEX=1` for now: nothing uses it yet (step 4
/// will), and building it looks every call up a second time (`Analyzer.analyze`). The
/// file is `<cache-dir>/<Module>.summaries/change-index`, one `CacheFrame` (magic with a
/// version) written to a temporary file and renamed; a truncated, corrupted or foreign
/// one is ignored with one warning, and then every file counts as dirty.
struct ChangeIndex: CacheCodable, Equatable {
  static let fileName = "change-index"
  static let magic = Array("implicits-change-index 1\n".utf8)

  var analyzer: String
  /// Everything every file's answers may read besides the module's sources: the module's
  /// name, defines, testable dependencies, exporting, and each dependency interface's path
  /// and bytes (`AnalysisOptions.runInputs()`). Another value makes every file dirty.
  var run: String
  /// The run's source files and each one's summary entry (`SummaryCache.entryName`).
  var paths: [String]
  var entries: [String]
  /// Name → the indices (into `paths`) of the files that read it, ascending.
  var readers: [String: [Int]]
  /// Per file, with `IMPLICITS_CHANGE_ORACLE` only: digests of its calls' candidates (by
  /// the callee's file path and body index) and of its resolved keys and frames: what a
  /// later run compares to find the files whose answers really changed. Empty otherwise.
  var calls: [String] = []
  var records: [String] = []

  init(
    analyzer: String, run: String, paths: [String], entries: [String], names: [Set<String>], calls: [String],
    records: [String]
  ) {
    (self.analyzer, self.run, self.paths, self.entries, self.calls, self.records) = (analyzer, run, paths, entries, calls, records)
    var readers: [String: [Int]] = [:]
    for (file, read) in names.enumerated() {
      for name in read { readers[name, default: []].append(file) }
    }
    self.readers = readers
  }

  /// The names a change set changes, as the readers are filed.
  /// - Parameter plant: a part left out, for the oracle's planted bugs: `callables`,
  ///   `types` (the call lookups' type names and the key identifiers of types, aliases,
  ///   property keys and superclasses), `keys` (named keys' and functions' identifiers) or
  ///   `aliases`.
  static func names(of change: ChangeSet, plant: String? = nil) -> Set<String> {
    var names: Set<String> = []
    if plant != "callables" {
      for name in change.callables {
        // A method is read in its type's list and in every type's (a receiver of unknown type).
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
          names.insert(LookupReads.method(parts[0], parts[1]))
          names.insert(LookupReads.anyMethod(parts[1]))
        } else {
          names.insert(LookupReads.free(name))
        }
      }
    }
    if plant != "types" { for name in change.types { names.insert(LookupReads.type(name)) } }
    for identifier in change.keyIdentifiers {
      let typeFact = identifier.hasPrefix("T") || identifier.hasPrefix("P") || identifier.hasPrefix("S")
      if plant == (typeFact ? "types" : "keys") { continue }
      names.insert("k " + identifier)
    }
    if plant != "aliases" { for name in change.aliases { names.insert(aliasName(name)) } }
    return names
  }

  /// The files (indices into `paths`) that read one of `names`.
  func readers(of names: Set<String>) -> Set<Int> {
    var files: Set<Int> = []
    for name in names { files.formUnion(readers[name] ?? []) }
    return files
  }

  /// `a <last component>` of an alias, property or type name (`RowCell#onSelect`,
  /// `Router.Handler`).
  static func aliasName(_ name: String) -> String {
    "a " + (components(name).last ?? "")
  }

  /// Every component of an alias question's name, as `aliasName` files them.
  static func aliasNames(ofRead name: String) -> [String] {
    components(name).map { "a " + $0 }
  }

  private static func components(_ name: String) -> [String] {
    name.split(whereSeparator: { (character: Character) in character == "." || character == "#" }).map(String.init)
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(analyzer)
    writer.write(run)
    writer.write(paths)
    writer.write(entries)
    let names = readers.keys.sorted()
    writer.write(names)
    for name in names { writer.write(readers[name]!) }
    writer.write(calls)
    writer.write(records)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    analyzer = try reader.read()
    run = try reader.read()
    paths = try reader.read()
    entries = try reader.read()
    let names: [String] = try reader.read()
    readers = [:]
    for name in names {
      let files: [Int] = try reader.read()
      guard files.allSatisfy({ $0 >= 0 }) else { throw CacheReader.Malformed() }
      readers[name] = files
    }
    calls = try reader.read()
    records = try reader.read()
    let count = paths.count
    guard entries.count == count, calls.isEmpty || calls.count == count, records.isEmpty || records.count == count,
      readers.values.allSatisfy({ $0.allSatisfy { $0 < count } })
    else { throw CacheReader.Malformed() }
  }


  /// The index at `path`, if it is one of `analyzer`'s; a warning when it is damaged.
  static func read(path: String, analyzer: String) -> (index: ChangeIndex?, warning: String?) {
    guard let bytes = CacheFrames.contents(of: path) else { return (nil, nil) }
    do {
      let index: ChangeIndex = try CacheFrame.decode(bytes, magic: magic, file: 0)
      return (index.analyzer == analyzer ? index : nil, nil)
    } catch {
      return (nil, "\(path): warning: ignored the change index (\(error.reason)); every file counts as changed")
    }
  }

  func write(to path: String) {
    try? OutputFile.write(CacheFrame.encode(self, magic: Self.magic), to: path)
  }

  /// What one file read, gathered where the module-wide passes read it (`Analyzer.check`).
  final class Reads: @unchecked Sendable {
    let keys: Slots<[String]>
    let aliases: Slots<[String]>
    /// With the oracle: the digest of each file's resolved keys and frames.
    let records: Slots<String>
    let oracle: Bool

    init(count: Int, oracle: Bool) {
      keys = Slots(count: count)
      aliases = Slots(count: count)
      records = Slots(count: count)
      self.oracle = oracle
    }

    /// File `index`'s record as it stands after this run (found, or made again), and its
    /// summary as simulated (its declarations rewritten).
    func record(_ record: ResolvedKeysRecord, frames: SimulatedFrames?, summary: FileSummary, file index: Int) {
      keys[index] = record.reads.map { "k " + $0.identifier }
      aliases[index] = (frames?.aliasReads ?? []).flatMap { ChangeIndex.aliasNames(ofRead: $0.name) }
      guard oracle else { return }
      records[index] = Self.digest(record, frames: frames, summary: summary)
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
