#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Clean files' calls answered from the last run's graph (`PatchedCalls`, design step 4a):
/// after each edit of `ChangeIndexTests`' module, the re-check answers the clean files'
/// calls from their parts, its graph is a whole build's node for node and edge for edge
/// (the oracle), and its outputs are a cold check's, byte for byte. Planted: the dirty
/// files treated as clean answer a call whose callee changed, and the oracle says so.
@Suite struct PatchedCallsTests {
  @Test(arguments: ChangeIndexTests.edits.indices)
  func theGraphIsAWholeBuildsAndTheOutputsACheckFromScratch(_ edit: Int) throws {
    let (name, from, to, _, _) = ChangeIndexTests.edits[edit]
    let module = try Module()
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls.replacingOccurrences(of: from, with: to))
    }
    #expect(line["equal"] == "true", "\(name): \(line)")
    // Every file but the edited one and its readers is clean, and `Calls.swift` and
    // `Members.swift` make calls: one of them at least is answered from its part.
    #expect(Int(line["clean"] ?? "") ?? 0 >= 6, "\(name): \(line)")
    #expect(Int(line["answered"] ?? "") ?? 0 >= 1, "\(name): \(line)")
    try module.expectOutputsOfACheckFromScratch(name)
  }

  /// The dirty files treated as clean: `useStart` keeps its edge to `start(_:)`, which a
  /// label changed no longer matches (a whole build reports the call unresolved), and
  /// `show` keeps `load(_:scope:)`.
  @Test(arguments: [1, 2])
  func aDirtyFileTreatedAsCleanIsCaught(_ edit: Int) throws {
    let (name, from, to, _, _) = ChangeIndexTests.edits[edit]
    let module = try Module(plant: "dirty")
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls.replacingOccurrences(of: from, with: to))
    }
    #expect(line["equal"] == "false", "\(name): \(line)")
  }

  /// Design step 4 (`IMPLICITS_PATCHED_GRAPH=2`): the clean files' loops replayed from
  /// their parts (`LoopRecord`), not built; the joined graph is a whole build's node for
  /// node, edge for edge and key for key, and the outputs a cold check's.
  @Test(arguments: ChangeIndexTests.edits.indices)
  func aCleanFilesLoopReplayedGivesAWholeBuildsGraph(_ edit: Int) throws {
    let (name, from, to, _, _) = ChangeIndexTests.edits[edit]
    let module = try Module(replays: true)
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls.replacingOccurrences(of: from, with: to))
    }
    #expect(line["equal"] == "true", "\(name): \(line)")
    #expect(Int(line["replayed"] ?? "") ?? 0 >= 4, "\(name): \(line)")
    try module.expectOutputsOfACheckFromScratch(name)
  }

  /// A clean file passes a closure to `later`, which no file declared: detached, as the
  /// callee is unknown. Declared elsewhere, non-escaping, the closure runs in place: the
  /// file read `later` when its closure argument was classified, so it is dirty and built,
  /// not replayed (the change index records that lookup, `CallLookups`).
  @Test func aClosureArgumentsCalleeDeclaredElsewhereRebuildsTheFile() throws {
    let module = try Module(replays: true)
    try module.write("Later.swift", "func waits(_ scope: ImplicitScope) { later { @Implicit var clock: Clock; print(clock) } }\n")
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls + "\nfunc later(_ body: () -> Void) { body() }\n")
    }
    #expect(line["equal"] == "true", "\(line)")
    try module.expectOutputsOfACheckFromScratch("later declared")
  }

  /// A clean file whose loop's edges carry every kind of mask — the keys a nested scope
  /// declares, and everything hidden under a declaration whose key is not inferable — and
  /// several edges per node: replayed from the record, they are a whole build's (the oracle
  /// compares masks edge for edge; a replay that drops either kind of mask fails here).
  @Test func aReplayedLoopKeepsItsMasks() throws {
    let module = try Module(replays: true)
    try module.write("Masked.swift", """
      struct Thing { init() {} }
      func step(_ scope: ImplicitScope) { @Implicit var clock: Clock; @Implicit var thing: Thing }
      func masked(_ scope: ImplicitScope) {
        let scope = scope.nested()
        defer { scope.end() }
        @Implicit var thing = Thing()
        step(scope)
        @Implicit var clock: Clock
      }
      func hidden(_ scope: ImplicitScope) {
        let scope = scope.nested()
        defer { scope.end() }
        @Implicit var unknown = Thing.shared.load()
        step(scope)
      }
      """)
    let (name, from, to, _, _) = ChangeIndexTests.edits[0]
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls.replacingOccurrences(of: from, with: to))
    }
    #expect(line["equal"] == "true", "\(name): \(line)")
    try module.expectOutputsOfACheckFromScratch(name)
  }

  /// Planted: a replayed file's loop edges dropped (`IMPLICITS_PATCHED_GRAPH_PLANT=loop`),
  /// dirty files replayed as if clean, and the last part's edges left in the reused scan
  /// (`scan`): the oracle says the graphs differ.
  @Test(arguments: ["loop", "dirty", "scan"])
  func aReplayedLoopThatIsNotTheBuildsIsCaught(_ plant: String) throws {
    let (name, from, to, _, _) = ChangeIndexTests.edits[1]
    let module = try Module(plant: plant, replays: true)
    let line = try module.checkTwice {
      try module.write("Decls.swift", ChangeIndexTests.decls.replacingOccurrences(of: from, with: to))
    }
    #expect(line["equal"] == "false", "\(name): \(line)")
  }

  /// The re-check's graph file copies the clean parts whose digests are the last run's
  /// (`GraphFile.PartDigest`) and encodes the rest: `start` now reads a clock, so the clean
  /// `Calls.swift`'s rows change and its part is encoded anew. The file is, byte for byte,
  /// what a run from an empty cache writes. Planted (`copy`): a clean part copied whatever
  /// its digest says; the file then differs, and does not read back as written.
  @Test(arguments: [nil, "copy"] as [String?])
  func aCleanPartIsCopiedOnlyIfItsDigestIsTheLastRuns(_ plant: String?) throws {
    let module = try Module(plant: plant, replays: true)
    try module.check()
    try module.write(
      "Decls.swift",
      ChangeIndexTests.decls.replacingOccurrences(
        of: "@Implicit var network: Network }", with: "@Implicit var network: Network; @Implicit var clock: Clock }"))
    let report = try module.check(checksGraph: true)
    let copied = try #require(report.graphOracle?.copied)
    try module.check(cache: "fresh")
    let written = FileManager.default.contents(atPath: module.directory.path("cache/App.graph"))
    let fresh = FileManager.default.contents(atPath: module.directory.path("fresh/App.graph"))
    #expect(written != nil && fresh != nil)
    if plant == nil {
      #expect(copied >= 4 && copied < ChangeIndexTests.readers.count)
      #expect(written == fresh)
      #expect(report.graphOracle?.readsBack == true)
    } else {
      #expect(written != fresh)
      #expect(report.graphOracle?.readsBack == false)
    }
  }

  /// Off, nothing is answered and no line is written.
  @Test func offByDefault() throws {
    let module = try Module(on: false)
    _ = try module.check()
    try module.write("Other.swift", "func alone(_ scope: ImplicitScope) { @Implicit var clock: Clock; print(1) }\n")
    _ = try module.check()
    #expect(!FileManager.default.fileExists(atPath: module.report))
  }

  /// `ChangeIndexTests`' module in a scratch directory, checked with the change index, the
  /// graph file and the patched build's oracle.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    let report: String
    let switches: PatchedCalls.Switches

    init(plant: String? = nil, on: Bool = true, replays: Bool = false) throws {
      directory = try ScratchDirectory()
      report = directory.path("patched.txt")
      switches = PatchedCalls.Switches(on: on, oracle: report, plant: plant, replaysLoops: replays)
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      try write("Decls.swift", ChangeIndexTests.decls)
      for (name, text) in ChangeIndexTests.readers { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }

    /// A check with the cache (`out`), or from scratch (`cold`).
    @discardableResult
    func check(cold: Bool = false, cache: String = "cache", checksGraph: Bool = false) throws -> CheckRun.Report {
      let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path("src")).sorted().map {
        directory.path("src/" + $0)
      }
      var options = AnalysisOptions(moduleName: "App", sourcePaths: paths)
      options.changeIndex = ChangeIndex.Switches(keeps: true, oracle: nil, plant: nil)
      options.patchedGraph = cold ? .off : switches
      let out = cold ? "cold" : "out"
      try? FileManager.default.createDirectory(atPath: directory.path(out), withIntermediateDirectories: true)
      var run = CheckRun(
        options: options, format: .text, interfaceOutput: directory.path(out + "/App.implicitinterface"),
        supportFileOutput: directory.path(out + "/App+ImplicitsSupport.swift"),
        cacheDirectory: cold ? nil : directory.path(cache))
      run.writesGraph = true
      run.checksGraph = checksGraph
      return try run.run()
    }

    /// Checks (filling the cache), applies `edit`, checks again; the oracle's line of the second check.
    func checkTwice(_ edit: () throws -> Void) throws -> [String: String] {
      try check()
      try edit()
      try check()
      let text = try String(contentsOfFile: report, encoding: .utf8)
      let last = try #require(text.split(separator: "\n").last)
      var fields: [String: String] = [:]
      for field in last.split(separator: " ").dropFirst() {
        let pair = field.split(separator: "=", maxSplits: 1)
        if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
      }
      return fields
    }

    /// The cached check's diagnostics, interface and support file are a check from scratch's.
    func expectOutputsOfACheckFromScratch(_ name: String) throws {
      let warm = try check()
      let cold = try check(cold: true)
      #expect(warm.diagnostics == cold.diagnostics, "\(name)")
      for file in ["App.implicitinterface", "App+ImplicitsSupport.swift"] {
        let (a, b) = (
          FileManager.default.contents(atPath: directory.path("out/" + file)),
          FileManager.default.contents(atPath: directory.path("cold/" + file))
        )
        #expect(a == b, "\(name): \(file)")
      }
    }
  }
}
#endif
