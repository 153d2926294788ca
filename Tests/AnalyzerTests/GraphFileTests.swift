#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The solved graph kept for the next run (`GraphFile`, design step 2 of the change-driven
/// graph): nodes named by ids an edit to another file does not move (`StableNodeIDs`), read
/// back as written, compared by the oracle with a re-check's own graph (`GraphOracle`), and
/// never trusted when damaged.
@Suite struct GraphFileTests {
  static let files: [String: String] = [
    "A.swift": """
      struct Network {}
      struct Store {}
      func fetch(_ scope: ImplicitScope) {
        @Implicit var network: Network
      }
      func load(_ scope: ImplicitScope) {
        fetch(scope)
        @Implicit var store: Store
      }

      """,
    "B.swift": """
      func refresh(_ scope: ImplicitScope) {
        load(scope)
        let bag = #implicits
        replay(bag)
      }
      func replay(_ bag: Implicits) {
        withScope(with: bag) { scope in
          tick(scope)
        }
      }

      """,
    "C.swift": """
      struct Clock {}
      func tick(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var network = Network()
        refresh(scope)
      }

      """,
  ]

  // MARK: Ids and the file, on every fixture

  /// On every fixture's (first) module: each node has its own id, the ids lead back to the
  /// nodes, and the file read back equals the graph part for part, every node and edge in,
  /// and every loop record with the edges it repeats (taken from the nodes here).
  @Test(arguments: Fixture.all)
  func everyFixturesGraphReadsBack(_ fixture: Fixture) throws {
    guard let module = fixture.modules.first else { return }
    var options = AnalysisOptions(moduleName: module.name, sourcePaths: module.files)
    options.recordsGraphLoops = true
    let result = try Analyzer.analyze(options)
    let ids = StableNodeIDs(result.solved, paths: result.paths)
    #expect(Set(ids.ids).count == ids.ids.count, "two nodes share an id")
    #expect(ids.nodes.count == result.graph.nodeCount)
    for node in result.graph.ids { #expect(ids.nodes[ids[node]] == node) }
    let parts = GraphFile.Parts(result.solved, ids: ids, paths: result.paths, diagnostics: result.graphDiagnostics ?? [])
    let all = [parts.modulePart] + result.paths.indices.map(parts.part(ofFile:))
    #expect(all.reduce(0) { $0 + $1.nodes.count } == result.graph.nodeCount)
    #expect(all.reduce(0) { $0 + $1.nodes.reduce(0) { $0 + $1.edges.count } }
      == result.graph.ids.reduce(0) { $0 + result.graph[$1].edges.count })
    let scratch = try ScratchDirectory()
    let path = scratch.path("Fixture.graph")
    let encoder = GraphFile.Encoder(result.solved, ids: ids, paths: result.paths, diagnostics: result.graphDiagnostics ?? [])
    try GraphFile.write(encoder, to: path, analyzer: "test", moduleName: module.name, inputs: ContentHash(), summaries: result.paths)
    #expect(GraphOracle.readsBack(path, as: parts, analyzer: "test", moduleName: module.name))
  }

  /// A part's node, with its edges' sources, masks and roles and its rows, survives the bytes.
  @Test func aPartKeepsEveryField() throws {
    let module = try Module()
    var options = module.options
    options.recordsGraphLoops = true
    let result = try Analyzer.analyze(options)
    let parts = GraphFile.Parts(
      result.solved, ids: StableNodeIDs(result.solved, paths: result.paths), paths: result.paths,
      diagnostics: result.graphDiagnostics ?? [])
    let part = parts.part(ofFile: 1)
    #expect(part.path.hasSuffix("B.swift"))
    let refresh = try #require(part.nodes.first { $0.name.hasPrefix("refresh") })
    #expect(refresh.edges.contains { $0.source == .node(.file(path: result.paths[0], part: .body, index: 1)) })
    #expect(refresh.rows.map(\.key).contains { $0.contains("Store") })
    #expect(part.nodes.contains { $0.capturesAll || $0.isRestoredBag || $0.kind == .bag(site: "3:13") })
    // `main`'s entry point lacks what `refresh` needs: the error is C's, its notes in A and B.
    let main = parts.part(ofFile: 2)
    let error = try #require(main.diagnostics.first)
    #expect(error.unresolvedKeys == ["Clock", "Store"] && error.unresolvedEntry == "root scope")
    #expect(Set(error.notes.map { ($0.location.path as NSString).lastPathComponent }) == ["A.swift", "B.swift", "C.swift"])
    // The writer's bytes, read back, are the parts made as values.
    var encoder = GraphFile.Encoder(
      result.solved, ids: StableNodeIDs(result.solved, paths: result.paths), paths: result.paths,
      diagnostics: result.graphDiagnostics ?? [])
    // A's loop stayed in A: its record repeats its edges, which survive the bytes too.
    let first = parts.part(ofFile: 0)
    #expect(first.loop?.edges.isEmpty == false)
    for (file, part) in [(nil, parts.modulePart), (0, first), (1, part), (2, main)] {
      let bytes = encoder.part(file: file)
      #expect(try GraphFile.Part(body: bytes, 0..<bytes.count) == part)
    }
    // The bag parameter `replay` restores is a node of no file, named by what it is.
    let parameter = try #require(parts.modulePart.nodes.first { $0.name.hasPrefix("bag parameter 1 of replay") })
    #expect(parameter.id.description.contains("B.swift:"))
    #expect(part.nodes.contains { $0.edges.contains { $0.source == .node(parameter.id) } })
  }

  // MARK: The oracle

  /// A function added at the end of the first file: every other file's part is equal, node
  /// for node, to the last run's. Planted: ids by position in the node list (what `NodeID`
  /// is) move every later file's nodes, and the oracle says so.
  @Test(arguments: [StableNodeIDs.Scheme.stable, .globalIndex])
  func anEditToOneFileRenamesNoOtherFilesNodes(_ scheme: StableNodeIDs.Scheme) throws {
    let module = try Module()
    let first = try module.check(scheme: scheme)
    #expect(first.graphOracle == GraphOracle.Report(readsBack: true), "no last graph: nothing compared")
    try module.write("A.swift", Self.files["A.swift"]! + "func added(_ scope: ImplicitScope) {\n  @Implicit var n: Network\n}\n")
    let report = try #require(try module.check(scheme: scheme).graphOracle)
    #expect(report.unchanged == 2)
    #expect(report.readsBack == true)
    if scheme == .stable {
      #expect(report.equal == 2)
      #expect(report.renamed.isEmpty && report.reached.isEmpty && report.moduleEqual)
      #expect(report.holds)
    } else {
      #expect(report.renamed.count == 2)
      #expect(!report.holds)
    }
  }

  /// A function added first in the first file moves that file's own nodes and lines: the
  /// file that calls into it sees new targets, the one whose diagnostic's notes point into
  /// it new places (both reached), but none of their own nodes is renamed.
  @Test func anInsertionMovesOnlyItsOwnFilesNodes() throws {
    let module = try Module()
    _ = try module.check()
    try module.write("A.swift", "func added(_ scope: ImplicitScope) {}\n" + Self.files["A.swift"]!)
    let report = try #require(try module.check().graphOracle)
    #expect(report.unchanged == 2)
    #expect(report.renamed.isEmpty)
    #expect(report.reached.map { ($0 as NSString).lastPathComponent } == ["B.swift", "C.swift"])
    #expect(report.holds)
  }

  /// An edit that changes what a file requires reaches the files upstream of it: counted,
  /// not taken for renamed nodes.
  @Test func aNewRequirementReachesItsCallers() throws {
    let module = try Module()
    _ = try module.check()
    try module.write("C.swift", Self.files["C.swift"]!.replacingOccurrences(
      of: "@Implicit var clock: Clock", with: "@Implicit var clock: Clock\n  @Implicit var store: Store"))
    let report = try #require(try module.check().graphOracle)
    #expect(report.unchanged == 2)
    #expect(report.reached.map { ($0 as NSString).lastPathComponent } == ["B.swift"])
    #expect(report.holds)
  }

  // MARK: Damage

  enum Damage: String, CaseIterable, Sendable {
    case flippedIndexByte, flippedPartByte, truncated, empty, foreignVersion, previousVersion, garbage

    func apply(to bytes: [UInt8]) -> [UInt8] {
      switch self {
      case .flippedIndexByte:
        var bytes = bytes
        bytes[bytes.count - 12] ^= 0x5a
        return bytes
      case .flippedPartByte:
        // Half-way into the parts: the index's offset is the last 8 bytes.
        let index = bytes.suffix(8).reversed().reduce(0) { $0 << 8 | Int($1) }
        var bytes = bytes
        bytes[(GraphFile.magic.count + index) / 2] ^= 0x5a
        return bytes
      case .truncated: return Array(bytes.prefix(bytes.count / 2))
      case .empty: return []
      case .foreignVersion: return Array("implicits-graph 0\n".utf8) + bytes.dropFirst(GraphFile.magic.count)
      // Version 2's loop records had no edges: its parts are another layout.
      case .previousVersion: return Array("implicits-graph 3\n".utf8) + bytes.dropFirst(GraphFile.magic.count)
      case .garbage: return (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 151) }
      }
    }
  }

  /// A damaged graph file is not read: the check reports what a cold one does, with one
  /// warning naming the file, writes the file anew, and the next run reads it silently.
  @Test(arguments: Damage.allCases)
  func aDamagedGraphIsIgnoredWithOneWarning(_ damage: Damage) throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check()
    let bytes = try #require(CacheFrames.contents(of: module.graph))
    try Data(damage.apply(to: bytes)).write(to: URL(fileURLWithPath: module.graph))
    try module.forgetResult()
    let damaged = try module.check()
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("App.graph: warning: ignored the last run's graph") == true)
    #expect(damaged.graphOracle?.readsBack == true)
    try module.forgetResult()
    let next = try module.check()
    #expect(next.warnings.isEmpty)
    #expect(next.graphOracle?.holds == true && next.graphOracle?.equal == 3)
  }

  /// A graph written by another analyzer build, or for another module, is not this run's:
  /// ignored without a warning (a new build is no damaged cache), and written anew.
  @Test(arguments: ["analyzer", "module"])
  func anotherAnalyzersGraphIsIgnoredSilently(_ other: String) throws {
    let module = try Module()
    _ = try module.check()
    let reader = try #require(GraphFile.Reader.opened(path: module.graph, analyzer: AnalyzerBinary.stamp, moduleName: "App").reader)
    let result = try Analyzer.analyze(module.options)
    let encoder = GraphFile.Encoder(
      result.solved, ids: StableNodeIDs(result.solved, paths: result.paths), paths: result.paths,
      diagnostics: result.graphDiagnostics ?? [])
    try GraphFile.write(
      encoder, to: module.graph, analyzer: other == "analyzer" ? "another build" : AnalyzerBinary.stamp,
      moduleName: other == "module" ? "Other" : "App", inputs: reader.index.inputs, summaries: reader.index.summaries)
    let opened = GraphFile.Reader.opened(path: module.graph, analyzer: AnalyzerBinary.stamp, moduleName: "App")
    #expect(opened.reader == nil && opened.warning == nil)
    try module.forgetResult()
    let next = try module.check()
    #expect(next.warnings.isEmpty)
    #expect(next.graphOracle == GraphOracle.Report(readsBack: true))
    #expect(GraphFile.Reader.opened(path: module.graph, analyzer: AnalyzerBinary.stamp, moduleName: "App").reader != nil)
  }

  /// Without the option, or without a cache, no graph is written; with it, the file is there
  /// and the outputs are those of a run without it.
  @Test func theGraphIsWrittenOnlyWhenAskedFor() throws {
    let module = try Module()
    let without = try module.check(writesGraph: false, checksGraph: false)
    #expect(!FileManager.default.fileExists(atPath: module.graph))
    try module.forgetResult()
    let with = try module.check(writesGraph: true, checksGraph: false)
    #expect(FileManager.default.fileExists(atPath: module.graph))
    #expect(with.diagnostics == without.diagnostics && with.graphOracle == nil)
  }

  /// The hidden command-line option turns it on.
  @Test func theHiddenOptionWritesTheGraph() throws {
    let module = try Module()
    for flag in [false, true] {
      // Else the second run replays the first's result and analyses nothing.
      try? FileManager.default.removeItem(atPath: module.cache + "/App.implicits-cache")
      let arguments = ["check", "--module-name", "App", "--cache-dir", module.cache]
        + (flag ? ["--experimental-graph-cache"] : []) + module.paths
      let output = try AnalyzerProcess.run(arguments)
      #expect(output.status == 1, "C.swift's call needs a Store and a Clock: \(output.stderr)")
      #expect(FileManager.default.fileExists(atPath: module.graph) == flag)
    }
  }

  /// A module of three files in a scratch directory, checked with a cache and the oracle.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    var cache: String { directory.path("cache") }
    var graph: String { GraphFile.path(directory: cache, moduleName: "App") }

    init() throws {
      directory = try ScratchDirectory()
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      for (name, text) in GraphFileTests.files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }

    var paths: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path("src"))) ?? []).sorted()
        .map { directory.path("src/" + $0) }
    }

    var options: AnalysisOptions { AnalysisOptions(moduleName: "App", sourcePaths: paths) }

    func check(
      cached: Bool = true, scheme: StableNodeIDs.Scheme = .stable, writesGraph: Bool = true, checksGraph: Bool = true
    ) throws(AnalysisFailure) -> CheckRun.Report {
      try? FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: true)
      var run = CheckRun(
        options: options, format: .text, interfaceOutput: directory.path("out/App.implicitinterface"),
        supportFileOutput: directory.path("out/App+ImplicitsSupport.swift"), cacheDirectory: cached ? cache : nil)
      run.writesGraph = writesGraph
      run.checksGraph = checksGraph
      run.graphIDScheme = scheme
      return try run.run()
    }

    /// Removes the whole-module result, so that the next check runs the analysis.
    func forgetResult() throws { try FileManager.default.removeItem(atPath: cache + "/App.implicits-cache") }
  }
}
#endif
