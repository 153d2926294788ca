#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check copies from the last run's interface file the entries no edit can reach
/// (`ReprintedEntries`, `ReusedEntries`): after each kind of change the outputs are a cold
/// check's, the copied entries are among those a cold check prints as before, and their
/// count is the one the graph allows. The record and the old file are never trusted blindly.
@Suite struct ReusedEntriesTests {
  static let files: [String: String] = [
    "A.swift": """
      struct Network {}
      struct Store {}
      struct Clock {}
      func fetch(_ scope: ImplicitScope) {
        @Implicit var network: Network
        @Implicit var store: Store
      }
      func load(_ scope: ImplicitScope) {
        fetch(scope)
      }

      """,
    "B.swift": """
      func refresh(_ scope: ImplicitScope) {
        load(scope)
      }
      func tick(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }

      """,
    "D.swift": """
      typealias Alias = Network
      typealias Handler = (ImplicitScope, Int) -> Void

      """,
    "C.swift": """
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var network = Network()
        @Implicit var store = Store()
        @Implicit var clock = Clock()
        refresh(scope)
        tick(scope)
        stamp(scope)
      }
      func stamp(_ scope: ImplicitScope) {
        tick(scope)
      }
      func zapper(_ scope: ImplicitScope) {
        Box.zap(scope)
      }
      func top(_ scope: ImplicitScope) {
        refresh(scope)
      }

      """,
    "Z.swift": """
      extension Box {
        static func zap(_ scope: ImplicitScope) {
          @Implicit var clock: Clock
        }
        static func keep() {}
      }
      func zulu(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }

      """,
    "E.swift": """
      struct Shadow {}
      struct Box {
        func use(_ scope: ImplicitScope) {
          @Implicit var s: Shadow
        }
      }
      func aliased(_ scope: ImplicitScope) {
        @Implicit var a: Alias
      }
      func route(_ handler: @escaping Handler, _ scope: ImplicitScope) {}
      func serve(_ scope: ImplicitScope) {
        route({ first, second in
          @Implicit var handled: Clock
        }, scope)
      }

      """,
  ]

  /// A module of three files, its outputs in `out` (cached runs) or `cold`.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    var cache: String { directory.path("cache") }
    var record: String { ReusedEntries.path(directory: cache, moduleName: "App") }

    init(files: [String: String] = ReusedEntriesTests.files) throws {
      directory = try ScratchDirectory()
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }
    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: directory.path("src/" + name)) }

    func interface(_ outputs: String = "out") -> String { directory.path(outputs + "/App.implicitinterface") }

    func check(cached: Bool, outputs: String = "out", interface: Bool = true) throws(AnalysisFailure) -> CheckRun.Report {
      try? FileManager.default.createDirectory(atPath: directory.path(outputs), withIntermediateDirectories: true)
      let paths = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path("src"))) ?? []).sorted()
      return try CheckRun(
        options: AnalysisOptions(moduleName: "App", sourcePaths: paths.map { directory.path("src/" + $0) }),
        format: .text, interfaceOutput: interface ? self.interface(outputs) : nil,
        supportFileOutput: directory.path(outputs + "/App+ImplicitsSupport.swift"), cacheDirectory: cached ? cache : nil
      ).run()
    }

    /// The interface's function entries as printed (compared as text, not as models).
    func entries(_ outputs: String = "out") throws -> [String] {
      let data = try #require(FileManager.default.contents(atPath: interface(outputs)))
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let functions = try #require(object["functions"] as? [Any])
      return try functions.map {
        String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
      }
    }

    /// Re-checks with the cache and cold; the two outputs must be the same bytes, and no
    /// more entries copied than are printed as they were before the change.
    @discardableResult
    func recheckEqualsCold(
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (copied: Int, unchanged: Int, count: Int, renumbered: Int) {
      let before = try entries()
      let warm = try check(cached: true)
      #expect(warm.warnings.isEmpty, sourceLocation: sourceLocation)
      try? FileManager.default.removeItem(atPath: directory.path("cold"))
      let cold = try check(cached: false, outputs: "cold")
      #expect(warm.diagnostics == cold.diagnostics, sourceLocation: sourceLocation)
      for name in ["App.implicitinterface", "App+ImplicitsSupport.swift"] {
        #expect(
          FileManager.default.contents(atPath: directory.path("out/" + name))
            == FileManager.default.contents(atPath: directory.path("cold/" + name)), "\(name)", sourceLocation: sourceLocation)
      }
      // An entry's recorded bytes begin with the separator before it, which the first
      // entry has no comma in: the same entry moved to or from the first place is new bytes.
      let now = try entries()
      let unchanged = now.indices.filter { position in
        before.indices.contains { before[$0] == now[position] && ($0 == 0) == (position == 0) }
      }.count
      // A renumbered entry may differ from what it was (a callee or file number moved).
      #expect(warm.reusedEntries - warm.renumberedEntries <= unchanged, sourceLocation: sourceLocation)
      return (warm.reusedEntries, unchanged, now.count, warm.renumberedEntries)
    }

    /// Removes the whole-module result, so that the next check runs the module phase.
    func forgetResult() { try? FileManager.default.removeItem(atPath: cache + "/App.implicits-cache") }
  }

  /// The functions, in interface order: the free ones by name, then `Box`'s.
  static let order = [
    "aliased", "fetch", "load", "refresh", "route", "serve", "stamp", "tick", "top", "zapper", "zulu", "Box.use", "Box.zap",
  ]

  @Test func aBodyEditCopiesWhatItCannotReach() throws {
    let module = try Module()
    let first = try module.check(cached: true)
    #expect(first.reusedEntries == 0)
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.order.count)
    #expect(result.copied == Self.order.count - 3)  // stamp's, top's and zapper's file changed
  }

  /// A callee in another file gains a read: its callers' `requires` and `links` change
  /// (downstream of it in the graph: `top` in a third file, two calls away), the functions
  /// that do not reach it are copied.
  @Test func aCalleesNewReadReachesItsCallers() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write(
      "A.swift", Self.files["A.swift"]!.replacingOccurrences(of: "@Implicit var store: Store", with: "@Implicit var store: Store\n  @Implicit var clock: Clock"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.order.count - 4)  // fetch, load; refresh, top downstream
  }

  /// A callee's read replaced by another at the same place: its callers' `links` text
  /// stays the same, only their `requires` changes.
  @Test func aCalleesReplacedReadChangesOnlyRequires() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write(
      "A.swift", Self.files["A.swift"]!.replacingOccurrences(of: "@Implicit var store: Store", with: "@Implicit var clock: Clock"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.order.count - 4)
  }

  /// A callee deleted (the last entry, so that no position moves) from a file whose caller
  /// does not change: the edge the new graph no longer has is known from the last run's
  /// (`Record.upstream`), and `zapper` is printed anew.
  @Test func aDeletedCalleeIsKnownFromTheLastRun() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    // Only the method goes: the file still extends `Box` with a method, so no type fact
    // changes (that would print everything: `ReusedEntriesConformanceTests`).
    let text = Self.files["Z.swift"]!
    let zap = text.range(of: "  static func zap")!.lowerBound..<text.range(of: "  static func keep")!.lowerBound
    try module.write("Z.swift", text.replacingCharacters(in: zap, with: ""))
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.order.count - 1)
    #expect(result.copied == Self.order.count - 3)  // zulu's file changed, zapper
  }

  /// A new function sorts first: every callee's position in `functions` (and so every
  /// `>index` in `links`) changes; the copied entries are renumbered (`EntryRenumbering`),
  /// and the last run's first (`aliased`, now second) is printed anew for its comma.
  @Test func aFunctionThatSortsFirstMovesEveryCallee() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("F.swift", "func aardvark(_ scope: ImplicitScope) {\n  tick(scope)\n}\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.order.count + 1)
    #expect(result.copied == Self.order.count - 1)
    #expect(result.renumbered == result.copied)
  }

  /// A function renamed so that it sorts first (`aStamp`): its file's three are printed,
  /// and `aliased` (no longer first); the others are renumbered.
  @Test func aRenamedFunctionIsPrintedInItsNewPlace() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("C.swift", Self.files["C.swift"]!.replacingOccurrences(of: "stamp", with: "aStamp"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.order.count - 4)
    #expect(result.renumbered == result.copied)
  }

  /// The declaration alone changes: a label (with its callers), then access.
  @Test(arguments: [("func tick(_ scope", "func tick(on scope"), ("func tick(", "public func tick(")])
  func aDeclarationChangeIsPrintedAnew(_ change: (String, String)) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    if change.1.contains("on scope") {
      try module.write("C.swift", Self.files["C.swift"]!.replacingOccurrences(of: "tick(scope)", with: "tick(on: scope)"))
    }
    try module.write("B.swift", Self.files["B.swift"]!.replacingOccurrences(of: change.0, with: change.1))
    let result = try module.recheckEqualsCold()
    // B's refresh and tick, C's stamp and top (they call them), and zapper with a changed C.
    #expect(result.copied == Self.order.count - (change.1.contains("on scope") ? 5 : 4))
  }

  /// A file that sorts first and holds a link's step: the other files' numbers in
  /// `files` change, and every entry is copied with its `file` rewritten; then removed again.
  @Test func aNewFileMovesTheFileNumbers() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("0.swift", "func early(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n")
    let added = try module.recheckEqualsCold()
    #expect(added.copied == Self.order.count)
    #expect(added.renumbered == Self.order.count)
    try module.remove("0.swift")
    let removed = try module.recheckEqualsCold()
    #expect(removed.copied == Self.order.count)
    #expect(removed.renumbered == Self.order.count)
  }

  /// A file without interface functions added, then deleted: nothing moves. One that
  /// declares a type no other file names changes no other file's calls; one that extends a
  /// type another file names may, and everything is printed (`typeFactsChanged`).
  @Test func aFileWithoutFunctionsAddedAndDeleted() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("G.swift", "let unusedLimit = 3\n")
    #expect(try module.recheckEqualsCold().copied == Self.order.count)
    try module.remove("G.swift")
    #expect(try module.recheckEqualsCold().copied == Self.order.count)
    try module.write("G.swift", "struct Unused {}\n")
    #expect(try module.recheckEqualsCold().copied == Self.order.count)
    try module.remove("G.swift")
    #expect(try module.recheckEqualsCold().copied == Self.order.count)
    try module.write("G.swift", "extension Box: Equatable {}\n")
    #expect(try module.recheckEqualsCold().copied == 0)
    try module.remove("G.swift")
    #expect(try module.recheckEqualsCold().copied == 0)
  }

  /// Edits that change only what an unchanged file's keys resolve to: a typealias retargeted
  /// (in D.swift, which has no function), a nested type that shadows a key's type declared
  /// (in a new H.swift). The file whose keys are resolved again is a seed, not only the file
  /// changed on disk: `aliased` and `Box.use` in E.swift must be printed anew. Both change
  /// type facts too (a typealias's target), which can move calls as well: every entry is
  /// printed (`ReprintedEntries+TypeFacts`), and the outputs are a cold check's.
  @Test(arguments: [
    ("D.swift", ReusedEntriesTests.files["D.swift"]!.replacingOccurrences(of: "Alias = Network", with: "Alias = Store")),
    ("H.swift", "extension Box {\n  typealias Shadow = Clock\n}\n"),
  ])
  func aChangedKeyTypeReachesItsUnchangedReader(_ change: (file: String, text: String)) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write(change.file, change.text)
    let result = try module.recheckEqualsCold()
    #expect(result.unchanged < result.count)
    #expect(result.copied == 0)
  }

  /// A closure typealias that takes a scope, reshaped: the module's alias table changes
  /// (a run-wide input), and every entry is printed.
  @Test func aReshapedClosureTypealiasPrintsEverything() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write(
      "D.swift",
      Self.files["D.swift"]!.replacingOccurrences(of: "(ImplicitScope, Int) -> Void", with: "(Int, ImplicitScope) -> Void"))
    #expect(try module.recheckEqualsCold().copied == 0)
  }

  /// The old interface file is trusted only while it is the file the last run left.
  @Test(arguments: ["touched", "rewritten", "removed", "replaced"])
  func aChangedOutputFileIsNotCopiedFrom(_ change: String) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    let path = module.interface()
    let bytes = try #require(FileManager.default.contents(atPath: path))
    switch change {
    case "touched":
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
    case "rewritten":
      // Same size, other bytes, written in place (the inode stays).
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.write(contentsOf: Data(repeating: UInt8(ascii: " "), count: bytes.count))
      try handle.close()
    case "removed":
      try FileManager.default.removeItem(atPath: path)
    default:
      try Data(repeating: UInt8(ascii: " "), count: bytes.count).write(to: URL(fileURLWithPath: path))
    }
    let warm = try module.check(cached: true)
    #expect(warm.reusedEntries == 0)
    #expect(warm.warnings.isEmpty)
    let cold = try module.check(cached: false, outputs: "cold")
    #expect(warm.diagnostics == cold.diagnostics)
    #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: module.interface("cold")))
  }

  /// A record is used only by the analyzer that wrote it, for the output it wrote.
  @Test func anotherAnalyzerOrOutputReusesNothing() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let bytes = try #require(FileManager.default.contents(atPath: module.record))
    #expect(ReusedEntries.take(path: module.record, analyzer: "another").record == nil)
    #expect(FileManager.default.fileExists(atPath: module.record) == false)
    try bytes.write(to: URL(fileURLWithPath: module.record))
    #expect(ReusedEntries.take(path: module.record, analyzer: AnalyzerBinary.stamp).record != nil)
    try bytes.write(to: URL(fileURLWithPath: module.record))
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    let other = try module.check(cached: true, outputs: "other")
    #expect(other.reusedEntries == 0)
  }

  /// A cached run that writes no interface changes the caches the record describes: it
  /// removes the record, and the next run prints every entry.
  @Test func aRunWithoutTheInterfaceRemovesTheRecord() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    #expect(FileManager.default.fileExists(atPath: module.record))
    try module.write("D.swift", Self.files["D.swift"]!.replacingOccurrences(of: "Alias = Network", with: "Alias = Store"))
    _ = try module.check(cached: true, interface: false)
    #expect(FileManager.default.fileExists(atPath: module.record) == false)
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    #expect(try module.recheckEqualsCold().copied == 0)
  }

  /// Each part of the record that says what the last run was, changed under a valid
  /// checksum: the run-wide inputs, a position's function, a file's summary entry, and a
  /// body's upstream files. Each reprints what it stands for, and the output stays a cold
  /// check's.
  @Test(arguments: ["run", "order", "summary", "upstream"])
  func eachRecordedInputDecidesWhatIsCopied(_ part: String) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let bytes = try #require(CacheFrames.contents(of: module.record))
    var record: ReusedEntries.Record = try CacheFrame.decode(bytes, magic: ReusedEntries.magic, file: 0)
    let (a, b) = (try #require(record.paths.firstIndex { $0.hasSuffix("/A.swift") }), try #require(record.paths.firstIndex { $0.hasSuffix("/B.swift") }))
    var expected = Self.order.count - 3
    switch part {
    case "run": (record.run, expected) = (ContentHash(), 0)
    case "order":
      let (first, second) = (try #require(record.files.firstIndex(of: a)), try #require(record.files.lastIndex(of: a)))
      record.functions.swapAt(first, second)
      expected = 0
    case "summary":
      // A.swift changed since then, as far as the record knows: fetch, load, refresh.
      record.summaries[a] = "changed"
      expected -= 3
    default:
      // B's bodies read from C.swift then: as C changes below, they are printed.
      let c = try #require(record.paths.firstIndex { $0.hasSuffix("/C.swift") })
      record.upstream[b] = [-1, 1, c]
      expected -= 2
    }
    try OutputFile.write(CacheFrame.encode(record, magic: ReusedEntries.magic), to: module.record)
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    #expect(try module.recheckEqualsCold().copied == expected)
  }

  /// A damaged record is ignored with one warning; the entries are printed anew and
  /// recorded again, and the next run copies them silently.
  @Test(arguments: SummaryCacheTests.Damage.allCases)
  func aDamagedRecordIsIgnoredWithOneWarning(_ damage: SummaryCacheTests.Damage) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let data = try #require(FileManager.default.contents(atPath: module.record))
    try damage.apply(to: data).write(to: URL(fileURLWithPath: module.record))
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    let damaged = try module.check(cached: true)
    #expect(damaged.reusedEntries == 0)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("App.interface-entries: warning: ignored") == true)
    let cold = try module.check(cached: false, outputs: "cold")
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(FileManager.default.contents(atPath: module.interface()) == FileManager.default.contents(atPath: module.interface("cold")))
    try module.write("C.swift", Self.files["C.swift"]! + "\n// edited again\n")
    let again = try module.check(cached: true)
    #expect(again.warnings.isEmpty)
    #expect(again.reusedEntries == Self.order.count - 3)
  }
}
#endif
