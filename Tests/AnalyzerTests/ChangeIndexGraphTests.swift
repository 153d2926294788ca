#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The change index's oracle compares what the graph build made for each unchanged file
/// with its part of the last run's graph file (`ChangeIndex.Oracle.graphDiffers`): a file
/// whose graph changed must be dirty even when its records and call candidates did not.
/// The class of 2c767cc: `Router.add(_: @escaping Handler)` in `A.swift` decides how
/// `B.swift`'s `router.add { value, scope in … }` reads its closure, with no edge between
/// the two files. Before the closure sites were recorded (`ChangeIndex.Reads.closureSites`),
/// B was never dirty after such an edit, and only the graph showed it.
@Suite struct ChangeIndexGraphTests {
  static let router = ReusedEntriesEscapingClosureTests.router
  static let caller = ReusedEntriesEscapingClosureTests.caller
  static let alone = "func alone(_ scope: ImplicitScope) { @Implicit var clock: Int }\n"

  static let edits: [(name: String, router: String)] = [
    ("callee renamed", router.replacingOccurrences(of: "func add(", with: "func append(")),
    ("callee made fileprivate", router.replacingOccurrences(of: "  func add", with: "  fileprivate func add")),
    ("parameter no longer takes a scope", router.replacingOccurrences(of: "@escaping Handler", with: "@escaping (Int) -> Void")),
  ]

  /// After each edit of `A.swift`, `B.swift`'s graph differs and it is dirty; `C.swift`,
  /// which reads nothing of A, is neither.
  @Test(arguments: edits.indices)
  func aCallerWhoseClosureIsReadOtherwiseIsDirty(_ edit: Int) throws {
    let module = try Module()
    let line = try module.checkTwice { try module.write("A.swift", "import Implicits\n\n" + Self.edits[edit].router) }
    #expect(line.parts["B.swift"] == nil, "\(Self.edits[edit].name): \(line.parts)")
    #expect(line.missed.isEmpty, "\(Self.edits[edit].name)")
    #expect(line.dirty == ["A.swift", "B.swift"], "\(Self.edits[edit].name)")
    #expect(line.differ.contains("B.swift"), "\(Self.edits[edit].name)")
    #expect(line.graph == 1, "\(Self.edits[edit].name): one unchanged file's graph differs")
  }

  /// Planted: the callables dropped from the change set. Once the callee's parameter no
  /// longer takes a scope, B's candidates and records are what they were — only its graph
  /// differs — and the oracle says B changed without being dirty.
  @Test func aMissThatOnlyTheGraphShowsIsCaught() throws {
    let module = try Module(plant: "callables")
    let line = try module.checkTwice { try module.write("A.swift", "import Implicits\n\n" + Self.edits[2].router) }
    #expect(line.missed == ["B.swift"])
    #expect(line.parts["B.swift"] == "graph")
  }

  /// Without a graph file the oracle compares no graph, and says so (`graph: -1`).
  @Test func withoutAGraphFileNoGraphIsCompared() throws {
    let module = try Module(writesGraph: false)
    let line = try module.checkTwice { try module.write("A.swift", "import Implicits\n\n" + Self.edits[2].router) }
    #expect(line.graph == -1)
    #expect(line.missed.isEmpty)
  }

  /// A body edit changes no other file's graph: nothing differs but the edited file.
  @Test func aBodyEditLeavesTheOtherGraphsAlone() throws {
    let module = try Module()
    let line = try module.checkTwice {
      try module.write("C.swift", "import Implicits\n\n" + Self.alone.replacingOccurrences(of: "Int }", with: "Int; print(1) }"))
    }
    #expect(line.dirty == ["C.swift"])
    #expect(line.graph == 0)
    #expect(line.missed.isEmpty)
  }

  /// A line added above everything in a file moves the closures and bags named by where
  /// they are (module nodes) and the edges located there; a clean file whose stored bag the
  /// edited file's closures restore keeps its answers, and its part is not counted.
  @Test func aLineAddedAboveAnotherFilesClosuresChangesNoCleanPart() throws {
    let fixture = Fixture.root.appendingPathComponent("app-stored-bag-of-a-superclass-in-another-file")
    let read = { (name: String) in try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8) }
    let flows = try read("Flows.swift")
    let module = try Module(files: ["Coordinator.swift": try read("Coordinator.swift"), "Flows.swift": flows])
    let line = try module.checkTwice { try module.write("Flows.swift", "// every line moves\n" + flows) }
    #expect(line.dirty == ["Flows.swift"])
    #expect(line.graph == 0)
    #expect(line.missed.isEmpty)
  }

  /// A closure alias retargeted (`RowCell.RowAction` becomes `String`): `Coordinator.swift`,
  /// which stores closures into `cell.onDelete` (a `RowAction?`), asks the alias table about
  /// `RowCell#onDelete`, and the answer names `RowAction`; its row must hold that answer, or
  /// the change of `RowAction` does not find it (`corpus.py --corpus fixtures --seed 1 --edits
  /// 8 --targeted --oracles`, fixture 2, edit 8: records and graph differed, not dirty).
  @Test func aPropertysAliasRetargetedFindsWhoStoresIntoIt() throws {
    let fixture = Fixture.root.appendingPathComponent("app-closure-properties-assigned")
    var files: [String: String] = [:]
    for name in ["Cells.swift", "Coordinator.swift", "SearchViewModel.swift"] {
      files[name] = try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
    }
    let module = try Module(files: files)
    let cells = try #require(files["Cells.swift"])
    let line = try module.checkTwice {
      try module.write(
        "Cells.swift",
        cells.replacingOccurrences(of: "typealias RowAction = (_ row: Int, _ scope: ImplicitScope) -> Void", with: "typealias RowAction = String"))
    }
    #expect(line.missed.isEmpty, "\(line.parts)")
    #expect(line.dirty.contains("Coordinator.swift"))
  }

  /// Source files (by default `A.swift`, `B.swift` and `C.swift`) in a scratch directory,
  /// checked with the change index, its oracle and (unless said) the graph file.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    let report: String
    let plant: String?
    let writesGraph: Bool
    let names: [String]

    init(plant: String? = nil, writesGraph: Bool = true, files: [String: String]? = nil) throws {
      directory = try ScratchDirectory()
      report = directory.path("oracle.jsonl")
      (self.plant, self.writesGraph) = (plant, writesGraph)
      let files = files ?? [
        "A.swift": "import Implicits\n\n" + ChangeIndexGraphTests.router,
        "B.swift": "import Implicits\n\n" + ChangeIndexGraphTests.caller,
        "C.swift": "import Implicits\n\n" + ChangeIndexGraphTests.alone,
      ]
      names = files.keys.sorted()
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }

    func check() throws {
      var options = AnalysisOptions(moduleName: "App", sourcePaths: names.map { directory.path("src/" + $0) })
      options.changeIndex = ChangeIndex.Switches(keeps: true, oracle: report, plant: plant)
      var run = CheckRun(
        options: options, format: .text, interfaceOutput: directory.path("App.implicitinterface"), supportFileOutput: nil,
        cacheDirectory: directory.path("cache"))
      run.writesGraph = writesGraph
      _ = try run.run()
    }

    /// Checks (filling the cache), applies `edit`, checks again: the second check's line.
    func checkTwice(_ edit: () throws -> Void) throws -> (
      dirty: Set<String>, differ: Set<String>, missed: Set<String>, parts: [String: String], graph: Int?
    ) {
      try check()
      try edit()
      try check()
      let text = try String(contentsOfFile: report, encoding: .utf8)
      let last = try #require(text.split(separator: "\n").last)
      let line = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
      let name = { (path: String) in (path as NSString).lastPathComponent }
      let names = { (key: String) in Set(((line[key] as? [String]) ?? []).map(name)) }
      let parts = Dictionary(uniqueKeysWithValues: ((line["parts"] as? [String: String]) ?? [:]).map { (name($0.key), $0.value) })
      return (names("dirtyFiles"), names("differFiles"), names("missed"), parts, line["graph"] as? Int)
    }
  }
}
#endif
