#if ImplicitsAnalysis
import Foundation

/// Who read what in the last cached run: for each source file, its *row*, the names it
/// read that a changed file can change (`ChangeSet`). A re-check that knows which files
/// changed then knows every other file whose key resolution, simulated frames or call
/// lookups could answer differently (`dirty`): the rows that hold one of the names they
/// changed. Design step 3 of the change-driven graph (`Benchmarks/Analyzer/README.md`).
///
/// Names, by what read them (kept as hashes, `ReadName`):
/// - `c <type> <base name>`, `c * <base name>`, `c <base name>` and `t <type's last
///   component>`: a call's lookup (`SymbolTable.candidates` with `LookupReads`, as the
///   graph build makes it: `CallLookups`) read a type's methods of that base name, any
///   type's, the free functions', or asked a table about that type (declared? an alias?
///   its methods, superclass, conformances, property types, generic parameters);
/// - `k <identifier>`: the file's key resolution read that `KeyResolutionInputs`
///   identifier (its `ResolvedKeysRecord.reads`);
/// - `a <last component>`: the file's frames asked `ScopeClosureAliases` about a name with
///   that component (an alias, a property, an owner type on the way), or its declarations
///   name one (a parameter's written type, a property's type).
///
/// Rows by file, so that a re-check makes only the dirty files' rows and keeps every other
/// one as it is: a clean file's summary is the same and it read no name that changed, so
/// every lookup it makes takes the same path and reads the same names. (The graph build
/// may skip clean files altogether: nothing of theirs needs to be read again.)
///
/// Kept only behind `IMPLICITS_CHANGE_INDEX=1` for now (step 4 will use it). The file is
/// `<cache-dir>/<Module>.summaries/change-index`, one `CacheFrame` (magic with a version)
/// written to a temporary file and renamed; a truncated, corrupted or foreign one is
/// ignored with one warning, and then every file counts as dirty.
struct ChangeIndex: CacheCodable, Equatable {
  static let fileName = "change-index"
  static let magic = Array("implicits-change-index 2\n".utf8)

  var analyzer: String
  /// Everything every file's answers may read besides the module's sources: the module's
  /// name, defines, testable dependencies, exporting, and each dependency interface's path
  /// and bytes (`AnalysisOptions.runInputs()`). Another value makes every file dirty.
  var run: String
  /// The run's source files and each one's summary entry (`SummaryCache.entryName`).
  var paths: [String]
  var entries: [String]
  /// Every file's row, one after another: the hashes of the names it read, ascending,
  /// without repeats. File `i`'s is `names[starts[i]..<starts[i + 1]]`.
  private(set) var names: [UInt32]
  private(set) var starts: [Int]
  /// Per file, with `IMPLICITS_CHANGE_ORACLE` only: digests of its calls' candidates (by
  /// the callee's file path and body index) and of its resolved keys and frames: what a
  /// later run compares to find the files whose answers really changed. Empty otherwise.
  var calls: [String] = []
  var records: [String] = []

  /// - Parameter rows: per file, its names ascending and without repeats (`Row.sorted`).
  init(analyzer: String, run: String, paths: [String], entries: [String], rows: [ArraySlice<UInt32>], calls: [String], records: [String]) {
    (self.analyzer, self.run, self.paths, self.entries, self.calls, self.records) = (analyzer, run, paths, entries, calls, records)
    var starts = [0]
    starts.reserveCapacity(rows.count + 1)
    for row in rows { starts.append(starts[starts.count - 1] + row.count) }
    var names: [UInt32] = []
    names.reserveCapacity(starts[rows.count])
    for row in rows { names.append(contentsOf: row) }
    (self.names, self.starts) = (names, starts)
  }

  /// File `file`'s row.
  func row(_ file: Int) -> ArraySlice<UInt32> { names[starts[file]..<starts[file + 1]] }

  /// The names a change set changes, as the rows file them, each with the name it hashes
  /// (for the oracle's report).
  /// - Parameter plant: a part left out, for the oracle's planted bugs: `callables`,
  ///   `types` (the call lookups' type names and the key identifiers of types, aliases,
  ///   property keys and superclasses), `keys` (named keys' and functions' identifiers) or
  ///   `aliases`.
  static func names(of change: ChangeSet, plant: String? = nil) -> [String: UInt32] {
    var names: [String: UInt32] = [:]
    if plant != "callables" {
      for name in change.callables {
        // A method is read in its type's list and in every type's (a receiver of unknown type).
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
          names["c " + parts[0] + " " + parts[1]] = LookupReads.method(parts[0], parts[1])
          names["c * " + parts[1]] = LookupReads.anyMethod(parts[1])
        } else {
          names["c " + name] = LookupReads.free(name)
        }
      }
    }
    if plant != "types" { for name in change.types { names["t " + name] = LookupReads.type(name) } }
    for identifier in change.keyIdentifiers {
      let typeFact = identifier.hasPrefix("T") || identifier.hasPrefix("P") || identifier.hasPrefix("S")
      if plant == (typeFact ? "types" : "keys") { continue }
      names["k " + identifier] = keyName(identifier)
    }
    if plant != "aliases" { for name in change.aliases { names["a " + name] = aliasName(name) } }
    return names
  }

  /// The files (indices into `paths`) whose row holds one of `names`: a binary search of
  /// each row for each name (a change set has a few names; rows have ~10²).
  func readers(of names: some Collection<UInt32>) -> Set<Int> {
    var files: Set<Int> = []
    guard !names.isEmpty else { return files }
    let wanted = Array(names)
    self.names.withUnsafeBufferPointer { all in
      for file in paths.indices {
        let row = UnsafeBufferPointer(rebasing: all[starts[file]..<starts[file + 1]])
        if wanted.contains(where: { Self.contains(row, $0) }) { files.insert(file) }
      }
    }
    return files
  }

  private static func contains(_ row: UnsafeBufferPointer<UInt32>, _ name: UInt32) -> Bool {
    var (low, high) = (0, row.count)
    while low < high {
      let middle = (low + high) / 2
      if row[middle] < name { low = middle + 1 } else { high = middle }
    }
    return low < row.count && row[low] == name
  }

  private static let aliasSeparators = (UInt8(ascii: "."), UInt8(ascii: "#"))

  /// `k <identifier>`: a `KeyResolutionInputs` identifier read.
  static func keyName(_ identifier: String) -> UInt32 {
    var hasher = ReadName.Hasher("k ")
    hasher.add(identifier)
    return hasher.value
  }

  /// `a <last component>` of an alias, property or type name (`RowCell#onSelect`,
  /// `Router.Handler`).
  static func aliasName(_ name: String) -> UInt32 {
    ReadName.lastComponent(of: name, prefix: ReadName.Hasher("a "), separators: aliasSeparators)
  }

  /// Every component of an alias question's name, as `aliasName` files them.
  static func aliasNames(ofRead name: String, _ body: (UInt32) -> Void) {
    ReadName.components(of: name, prefix: ReadName.Hasher("a "), separators: aliasSeparators, body)
  }

  /// The rows as counts (varints) and one blob of the names' bytes, little-endian as this
  /// machine keeps them (the cache is private to one analyzer build on one machine).
  func encode(to writer: inout CacheWriter) {
    writer.write(analyzer)
    writer.write(run)
    writer.write(paths)
    writer.write(entries)
    for file in paths.indices { writer.write(starts[file + 1] - starts[file]) }
    writer.write(blob: names.withUnsafeBytes { Array($0) })
    writer.write(calls)
    writer.write(records)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    analyzer = try reader.read()
    run = try reader.read()
    paths = try reader.read()
    entries = try reader.read()
    var starts = [0]
    starts.reserveCapacity(paths.count + 1)
    for _ in paths.indices {
      let count: Int = try reader.read()
      guard count >= 0 else { throw CacheReader.Malformed() }
      starts.append(starts[starts.count - 1] + count)
    }
    let bytes = try reader.readBlob()
    guard bytes.count == starts[paths.count] * MemoryLayout<UInt32>.size else { throw CacheReader.Malformed() }
    names = Array(uninitializedCount: starts[paths.count]) { buffer, count in
      bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
      count = buffer.count
    }
    self.starts = starts
    calls = try reader.read()
    records = try reader.read()
    let count = paths.count
    guard entries.count == count, calls.isEmpty || calls.count == count, records.isEmpty || records.count == count else {
      throw CacheReader.Malformed()
    }
    // Rows ascending: `readers(of:)` searches them.
    let ascending = names.withUnsafeBufferPointer { all in
      paths.indices.allSatisfy { file in
        (starts[file] + 1..<max(starts[file] + 1, starts[file + 1])).allSatisfy { all[$0 - 1] < all[$0] }
      }
    }
    guard ascending else { throw CacheReader.Malformed() }
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
}
#endif
