#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The change index (`ChangeIndex`) and its oracle: after an edit of `Decls.swift`, the
/// dirty files are the edited one and exactly the files that read what changed; the files
/// whose resolved keys, frames or call lookups really changed are among them; a planted
/// change set without a part misses one; a damaged index is ignored with one warning and
/// every file counts as dirty.
@Suite struct ChangeIndexTests {
  static let decls = """
    import Implicits

    class Base {}
    class Screen: Base {}
    struct Store {
      func load(_ id: Int, scope: ImplicitScope) { @Implicit var clock: Clock }
    }
    typealias Model = Store
    typealias Handler = (Int, ImplicitScope) -> Void
    final class Panel {
      var store: Store
      var onPick: Handler?
      init(store: Store) { self.store = store }
    }
    extension ImplicitsKeys {
      static let token = Key<String>()
    }
    func start(_ scope: ImplicitScope) { @Implicit var network: Network }
    func makeStore() -> Store { Store() }
    """

  /// Each reads one thing of `Decls.swift`; `Other.swift` reads none of it.
  static let readers = [
    "Calls.swift": "func useStart(_ scope: ImplicitScope) { start(scope) }\n",
    "Keys.swift": "func useModel(_ scope: ImplicitScope) { @Implicit var model: Model }\n",
    "Members.swift": """
      extension Panel {
        func show(scope: ImplicitScope) { store.load(1, scope: scope) }
      }
      """,
    "Named.swift": "func useToken(_ scope: ImplicitScope) { @Implicit(\\.token) var token: String }\n",
    "Factory.swift": "func useFactory(_ scope: ImplicitScope) { @Implicit var made = makeStore() }\n",
    "Aliases.swift": """
      func route(_ handler: @escaping Handler, _ scope: ImplicitScope) {}
      func serve(_ scope: ImplicitScope) {
        let pick: Handler = { id, scope in @Implicit var clock: Clock }
        route(pick, scope)
      }
      """,
    "Inherits.swift": "func useScreen(_ screen: Screen, scope: ImplicitScope) {}\n",
    "Other.swift": "func alone(_ scope: ImplicitScope) { @Implicit var clock: Clock }\n",
  ]

  /// An edit of `Decls.swift`, the files it must make dirty besides `Decls.swift`, and
  /// the part of the change set that finds them when their answers change (the planted bug
  /// that must miss one); `nil` when they read what changed but answer alike (a named key
  /// is its name, whoever declares it).
  static let edits: [(name: String, from: String, to: String, dirty: Set<String>, part: String?)] = [
    ("a body", "@Implicit var network: Network }", "@Implicit var network: Network; print(1) }", [], nil),
    ("a callable's label", "func start(_ scope:", "func start(with scope:", ["Calls.swift"], "callables"),
    ("a member's label", "func load(_ id: Int,", "func load(id: Int,", ["Members.swift"], "callables"),
    ("a typealias", "typealias Model = Store", "typealias Model = Screen", ["Keys.swift"], "types"),
    ("a property's type", "  var store: Store\n", "  var store: Screen\n", ["Members.swift"], "types"),
    ("a named key", "static let token = Key<String>()", "static let tokens = Key<String>()", ["Named.swift"], nil),
    ("a factory's return type", "func makeStore() -> Store", "func makeStore() -> Panel", ["Factory.swift"], "keys"),
    (
      "a closure alias", "typealias Handler = (Int, ImplicitScope) -> Void", "typealias Handler = (ImplicitScope, Int) -> Void",
      ["Aliases.swift"], "aliases"
    ),
  ]

  @Test(arguments: edits.indices)
  func theDirtyFilesAreTheChangedOneAndItsReaders(_ edit: Int) throws {
    let (_, from, to, expected, _) = Self.edits[edit]
    let module = try Module()
    let report = try module.checkTwice { try module.write("Decls.swift", Self.decls.replacingOccurrences(of: from, with: to)) }
    #expect(report.missed == [], "\(Self.edits[edit].name)")
    #expect(report.unequal == [] && report.stale == [], "\(Self.edits[edit].name)")
    #expect(report.dirty == expected.union(["Decls.swift"]), "\(Self.edits[edit].name)")
    #expect(report.differ.isSubset(of: report.dirty))
    if Self.edits[edit].part != nil { #expect(report.differ.isSuperset(of: expected), "\(Self.edits[edit].name)") }
  }

  /// Without the part of the change set that finds them, a reader whose answers changed
  /// is not dirty: the oracle says so.
  @Test(arguments: edits.indices.filter { edits[$0].part != nil })
  func aPlantedChangeSetWithoutAPartIsCaught(_ edit: Int) throws {
    let (_, from, to, expected, part) = Self.edits[edit]
    let module = try Module(plant: part)
    let report = try module.checkTwice { try module.write("Decls.swift", Self.decls.replacingOccurrences(of: from, with: to)) }
    #expect(!report.missed.isEmpty, "\(Self.edits[edit].name)")
    #expect(report.missed.isSubset(of: expected))
  }

  /// A file added, deleted or renamed counts whole: every reader of anything it declares.
  @Test func filesAddedDeletedAndRenamed() throws {
    let module = try Module()
    let added = try module.checkTwice { try module.write("New.swift", "func start(label: Int, _ scope: ImplicitScope) {}\n") }
    #expect(added.dirty == ["New.swift", "Calls.swift"])
    #expect(added.missed == [])
    let deleted = try module.checkTwice { try FileManager.default.removeItem(atPath: module.directory.path("src/New.swift")) }
    #expect(deleted.dirty == ["New.swift", "Calls.swift"])
    #expect(deleted.missed == [])
    let renamed = try module.checkTwice {
      try FileManager.default.moveItem(atPath: module.directory.path("src/Other.swift"), toPath: module.directory.path("src/A.swift"))
    }
    #expect(renamed.dirty == ["Other.swift", "A.swift"])
    #expect(renamed.missed == [])
  }

  /// The index file damaged: ignored with one warning, every file dirty, nothing missed;
  /// the next run reads the rewritten index silently.
  @Test(arguments: SummaryCacheTests.Damage.allCases)
  func aDamagedIndexIsIgnoredWithOneWarning(_ damage: SummaryCacheTests.Damage) throws {
    let module = try Module()
    _ = try module.check()
    let path = module.cache + "/App.summaries/" + ChangeIndex.fileName
    let data = try #require(FileManager.default.contents(atPath: path))
    let damaged = damage == .foreignVersion
      ? Data("implicits-change-index 0\n".utf8) + data.dropFirst(ChangeIndex.magic.count) : damage.apply(to: data)
    try damaged.write(to: URL(fileURLWithPath: path))
    try module.write("Decls.swift", Self.decls + "\nfunc extra(_ scope: ImplicitScope) {}\n")
    let report = try module.check()
    #expect(report.warnings.count == 1)
    #expect(report.warnings.first?.contains("(\(ChangeIndex.fileName): ") == true)
    let line = try #require(try module.lastLine())
    #expect(line["all"] as? Bool == true)
    #expect((line["missed"] as? [String]) == [])
    try module.write("Decls.swift", Self.decls)
    let next = try module.check()
    #expect(next.warnings.isEmpty)
    let nextLine = try #require(try module.lastLine())
    #expect(nextLine["all"] as? Bool == false)
  }

  /// A run-wide input changed (here the testable dependencies; a dependency's interface
  /// the same way): any file may answer differently, so every file is dirty.
  @Test func aRunWideInputMakesEveryFileDirty() throws {
    let module = try Module()
    _ = try module.check()
    try module.write("Decls.swift", ChangeIndexTests.decls + "\nfunc extra(_ scope: ImplicitScope) {}\n")
    module.testable = ["Other"]
    _ = try module.check()
    let line = try #require(try module.lastLine())
    #expect(line["all"] as? Bool == true)
    #expect((line["missed"] as? [String]) == [])
  }

  /// Without the switches nothing is kept: a check's cache holds no index.
  @Test func offByDefault() throws {
    let module = try Module(switches: ChangeIndex.Switches(keeps: false, oracle: nil, plant: nil))
    _ = try module.check()
    #expect(!FileManager.default.fileExists(atPath: module.cache + "/App.summaries/" + ChangeIndex.fileName))
  }

  /// The index read back is the index written; a record that does not fit is refused.
  @Test func theIndexRoundTrips() throws {
    let run = ReadName.hash("c run"), store = ReadName.hash("t Store"), other = ReadName.hash("c other")
    let index = ChangeIndex(
      analyzer: "a", run: "r", paths: ["/m/A.swift", "/m/B.swift"], entries: ["e1", "e2"],
      rows: [ArraySlice(ChangeIndex.Reads.sorted([store, run, run])), [run]], calls: ["x", "y"], records: ["z", "w"])
    let bytes = CacheFrame.encode(index, magic: ChangeIndex.magic)
    let read: ChangeIndex = try CacheFrame.decode(bytes, magic: ChangeIndex.magic, file: 0)
    #expect(read == index)
    #expect(read.row(0).count == 2)
    #expect(read.readers(of: [run]) == [0, 1])
    #expect(read.readers(of: [store, other]) == [0])
    #expect(read.readers(of: [other]) == [])
    let unsorted = ChangeIndex(
      analyzer: "a", run: "r", paths: ["/m/A.swift"], entries: ["e1"], rows: [[run, run]], calls: [], records: [])
    #expect(throws: CacheFrame.Unreadable.self) {
      let _: ChangeIndex = try CacheFrame.decode(CacheFrame.encode(unsorted, magic: ChangeIndex.magic), magic: ChangeIndex.magic, file: 0)
    }
  }

  /// A name hashed piece by piece, as a lookup records it, is the name hashed whole, as a
  /// change set files it.
  @Test func aNameHashedInPiecesIsTheNameHashedWhole() {
    #expect(LookupReads.method("Store", "load") == ReadName.hash("c Store load"))
    #expect(LookupReads.anyMethod("load") == ReadName.hash("c * load"))
    #expect(LookupReads.free("start") == ReadName.hash("c start"))
    #expect(LookupReads.type("Payments.Config") == ReadName.hash("t Config"))
    #expect(LookupReads.type("Config") == ReadName.hash("t Config"))
    #expect(ChangeIndex.aliasName("Router.Handler") == ReadName.hash("a Handler"))
    #expect(ChangeIndex.keyName("TConfig") == ReadName.hash("k TConfig"))
    var components: [UInt32] = []
    ChangeIndex.aliasNames(ofRead: "RowCell#onSelect") { components.append($0) }
    #expect(components == [ReadName.hash("a RowCell"), ReadName.hash("a onSelect")])
    #expect(LookupReads.method("Store", "load") != LookupReads.method("Stor", "eload"))
  }

  /// A clean file's row is kept from the last run, not made again: after an edit of
  /// `Other.swift` alone (only its row is made), a change `Calls.swift` reads still finds
  /// it; the rows kept equal the rows a cold cache makes; the oracle finds no row recorded
  /// otherwise than looked up, and none kept stale.
  @Test func aCleanFilesRowIsKeptAndStillFindsItsReader() throws {
    let module = try Module()
    let other = try module.checkTwice {
      try module.write("Other.swift", "func alone(_ scope: ImplicitScope) { @Implicit var clock: Clock; print(2) }\n")
    }
    #expect(other.dirty == ["Other.swift"])
    #expect(other.unequal == [] && other.stale == [])
    let label = try module.checkTwice {
      try module.write("Decls.swift", Self.decls.replacingOccurrences(of: "func start(_ scope:", with: "func start(with scope:"))
    }
    #expect(label.dirty == ["Decls.swift", "Calls.swift"])
    #expect(label.missed == [] && label.unequal == [] && label.stale == [])
  }

  /// Without the oracle only the dirty files' rows are made: the index after an edit is,
  /// row for row, the index a cold cache makes of the same sources.
  @Test func theRowsKeptEqualAColdIndex() throws {
    let keeps = ChangeIndex.Switches(keeps: true, oracle: nil, plant: nil)
    let module = try Module(switches: keeps)
    _ = try module.check()
    try module.write("Other.swift", "func alone(_ scope: ImplicitScope) { @Implicit var clock: Clock; print(2) }\n")
    _ = try module.check()
    try module.write("Decls.swift", Self.decls.replacingOccurrences(of: "func load(_ id: Int,", with: "func load(id: Int,"))
    _ = try module.check()
    let path = module.cache + "/App.summaries/" + ChangeIndex.fileName
    let kept = try #require(ChangeIndex.read(path: path, analyzer: AnalyzerBinary.stamp).index)
    try FileManager.default.removeItem(atPath: module.cache)
    _ = try module.check()
    let cold = try #require(ChangeIndex.read(path: path, analyzer: AnalyzerBinary.stamp).index)
    #expect(kept.paths == cold.paths)
    for file in cold.paths.indices { #expect(kept.row(file) == cold.row(file), "\(cold.paths[file])") }
  }

  /// Planted: the clean files' rows written empty. The next edit misses the reader the
  /// lost row named, and the oracle says the rows kept are stale.
  @Test func aPlantedLostRowIsCaught() throws {
    let module = try Module(plant: "rows")
    let other = try module.checkTwice {
      try module.write("Other.swift", "func alone(_ scope: ImplicitScope) { @Implicit var clock: Clock; print(2) }\n")
    }
    #expect(other.stale.contains("Calls.swift"))
    let label = try module.checkTwice {
      try module.write("Decls.swift", Self.decls.replacingOccurrences(of: "func start(_ scope:", with: "func start(with scope:"))
    }
    #expect(label.missed == ["Calls.swift"])
  }

  /// A module of the files above in a scratch directory, checked with the oracle on.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    let report: String
    let switches: ChangeIndex.Switches
    var testable: [String] = []
    var cache: String { directory.path("cache") }

    init(plant: String? = nil, switches: ChangeIndex.Switches? = nil) throws {
      directory = try ScratchDirectory()
      report = directory.path("oracle.jsonl")
      self.switches = switches ?? ChangeIndex.Switches(keeps: true, oracle: report, plant: plant)
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      try write("Decls.swift", ChangeIndexTests.decls)
      for (name, text) in ChangeIndexTests.readers { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }

    func check() throws -> CheckRun.Report {
      let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path("src")).sorted().map {
        directory.path("src/" + $0)
      }
      var options = AnalysisOptions(moduleName: "App", sourcePaths: paths)
      options.changeIndex = switches
      options.testableDependencies = testable
      try? FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: true)
      return try CheckRun(
        options: options, format: .text, interfaceOutput: directory.path("out/App.implicitinterface"),
        supportFileOutput: directory.path("out/App+ImplicitsSupport.swift"), cacheDirectory: cache
      ).run()
    }

    /// The oracle's last line.
    func lastLine() throws -> [String: Any]? {
      let text = try String(contentsOfFile: report, encoding: .utf8)
      guard let last = text.split(separator: "\n").last else { return nil }
      return try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    }

    /// Checks (filling the cache the first time), applies `edit`, checks again; the
    /// second check's dirty, differing and missed files, by file name.
    func checkTwice(_ edit: () throws -> Void) throws -> (
      dirty: Set<String>, differ: Set<String>, missed: Set<String>, unequal: Set<String>, stale: Set<String>
    ) {
      if !FileManager.default.fileExists(atPath: report) { _ = try check() }
      try edit()
      _ = try check()
      let line = try #require(try lastLine())
      let names = { (key: String) in Set(((line[key] as? [String]) ?? []).map { ($0 as NSString).lastPathComponent }) }
      return (names("dirtyFiles"), names("differFiles"), names("missed"), names("unequal"), names("stale"))
    }
  }
}
#endif
