#if ImplicitsAnalysis
import Foundation

/// Debug check of the graph file (`GraphFile`), for tests and `Tests/Incremental/run.py`
/// (`IMPLICITS_GRAPH_ORACLE=<report file>`): a re-check reads the last run's graph and
/// compares it, node for node by `StableNodeID`, with the graph it built, for every file
/// the edit did not change (same path, same summary entry, same run-wide inputs).
///
/// Such a file's part may still differ where the edit reached it — a call it makes now
/// resolves elsewhere, a key it requires arrives or goes — so a differing part is counted
/// (`reached`), not an error. What must never differ is a node made from the file's own
/// summary (every node but the entry points edges add): its id, kind, name and place. One
/// that does (`renamed`) means ids that an edit to another file moves, which step 4 could
/// not join. And the file just written must read back as the parts it was written from.
enum GraphOracle {
  /// Where the report lines go, if the oracle runs.
  static var reportPath: String? {
    guard let path = getenv("IMPLICITS_GRAPH_ORACLE") else { return nil }
    return String(cString: path)
  }

  struct Report: Equatable, Sendable {
    /// Files the edit did not change, and of those, the ones whose parts are equal.
    var unchanged = 0
    var equal = 0
    /// Unchanged files whose edges, rows or diagnostics differ: the edit reached them.
    var reached: [String] = []
    /// Unchanged files with a node of their own renamed or changed: never expected.
    var renamed: [String] = []
    /// Whether the nodes of no file are equal.
    var moduleEqual = false
    /// A part of the last run's file that could not be read.
    var unreadable: String?
    /// Whether this run's file read back as written (`nil` until checked).
    var readsBack: Bool?
    /// The parts this run's file copied from the last run's (`GraphFile.write`), if it could
    /// copy any (a patched re-check).
    var copied: Int?

    /// Nothing unexpected: no renamed node, every part readable, the file read back.
    var holds: Bool { renamed.isEmpty && unreadable == nil && readsBack != false }

    /// - Parameter readCost: what reading one file's part cost (`GraphOracle.readCost`).
    func line(readCost: (open: Duration, part: Duration)? = nil) -> String {
      "graph-oracle unchanged=\(unchanged) equal=\(equal) reached=\(reached.count) renamed=\(renamed.count)"
        + " module-equal=\(moduleEqual) reads-back=\(readsBack.map(String.init) ?? "-")"
        + (readCost.map { " open-us=\(GraphOracle.micros($0.open)) part-us=\(GraphOracle.micros($0.part))" } ?? "")
        + (renamed.first.map { " first-renamed=\($0)" } ?? "") + (unreadable.map { " unreadable=\($0)" } ?? "")
        + (copied.map { " copied=\($0)" } ?? "")
    }
  }

  private static func micros(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
  }

  /// The last run's graph (`old`) against this run's (`new`), file by file.
  static func compare(
    old: GraphFile.Reader, new: GraphFile.Parts, summaries: [String], inputs: ContentHash
  ) -> Report {
    var report = Report()
    guard old.index.inputs == inputs else { return report }
    var oldFiles: [String: Int] = [:]
    for (file, path) in old.index.paths.enumerated() { oldFiles[path] = file }
    do {
      report.moduleEqual = try old.modulePart() == new.modulePart
      for (file, path) in new.paths.enumerated() {
        guard let before = oldFiles[path], old.index.summaries[before] == summaries[file] else { continue }
        report.unchanged += 1
        let (was, now) = (try old.part(ofFile: before), new.part(ofFile: file))
        if was == now {
          report.equal += 1
        } else if ownNodes(was) != ownNodes(now) {
          report.renamed.append(path)
        } else {
          report.reached.append(path)
        }
      }
    } catch {
      report.unreadable = error.reason
    }
    return report
  }

  /// Times opening the file at `path` and reading the middle file's part.
  static func readCost(_ path: String, analyzer: String, moduleName: String) -> (open: Duration, part: Duration)? {
    let clock = ContinuousClock()
    let start = clock.now
    guard let reader = GraphFile.Reader.opened(path: path, analyzer: analyzer, moduleName: moduleName).reader,
      !reader.index.paths.isEmpty
    else { return nil }
    let opened = clock.now
    guard (try? reader.part(ofFile: reader.index.paths.count / 2)) != nil else { return nil }
    return (opened - start, clock.now - opened)
  }

  /// Whether the file at `path` reads back as `parts`, part for part.
  static func readsBack(_ path: String, as parts: GraphFile.Parts, analyzer: String, moduleName: String) -> Bool {
    guard let reader = GraphFile.Reader.opened(path: path, analyzer: analyzer, moduleName: moduleName).reader,
      reader.index.paths == parts.paths
    else { return false }
    do {
      guard try reader.modulePart() == parts.modulePart else { return false }
      for file in parts.paths.indices where try reader.part(ofFile: file) != parts.part(ofFile: file) { return false }
      return true
    } catch {
      return false
    }
  }

  /// Appends the report's line to `path` (one line per run).
  static func append(_ report: Report, readCost: (open: Duration, part: Duration)?, to path: String) {
    guard let handle = FileHandle(forWritingAtPath: path) ?? {
      // Best effort, as the report is: a file that cannot be made leaves the handle nil.
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      return FileHandle(forWritingAtPath: path)
    }() else { return }
    handle.seekToEndOfFile()
    handle.write(Data((report.line(readCost: readCost) + "\n").utf8))
    handle.closeFile()
  }

  /// A file's nodes made from its summary alone, as what they are: every node but the entry
  /// points that edges add (for a dependency's root scope, an empty bag).
  private static func ownNodes(_ part: GraphFile.Part) -> [String] {
    part.nodes.compactMap { node in
      if case .entry = node.kind, node.dependencyScope != nil || isEmptyBagEntry(node) { return nil }
      return "\(node.id) \(node.kind) \(node.name) \(String(describing: node.location))"
    }
  }

  private static func isEmptyBagEntry(_ node: GraphFile.Node) -> Bool {
    if case .entry(restoresEmptyBag: true) = node.kind { return true }
    return false
  }
}
#endif
