#if ImplicitsAnalysis
import Dispatch
import Foundation

/// The change index in a cached run: the last run's index and this run's changed files
/// give the dirty files before the module-wide passes (`before`); those passes and the
/// graph build record the dirty files' reads (`Reads`), and after them this run's index is
/// written, the clean files' rows kept as they were (`after`). With the oracle the files
/// whose answers really changed are compared with the dirty ones.
///
/// Switches (environment, read once; none is a documented option):
/// - `IMPLICITS_CHANGE_INDEX=1`: keep the index.
/// - `IMPLICITS_CHANGE_ORACLE=<file>`: keep it with the digests the oracle compares, and
///   append one JSON line per cached run to `<file>`: files, changed, dirty, the files whose
///   records or call lookups differ from the last run's, and those of them not dirty
///   (`missed`, also said on standard error). Tests and `Tests/Incremental/changeset-oracle.py`.
/// - `IMPLICITS_CHANGE_PLANT=callables|types|keys|aliases`: drop that part of the change set;
///   `rows`: write the clean files' rows empty instead of keeping them (planted bugs the
///   oracle must catch).
extension ChangeIndex {
  typealias Switches = HiddenSwitch

  /// What a re-check knows before its module-wide passes.
  struct Before {
    var last: ChangeIndex?
    /// Files added, deleted (their last run's paths), or whose entry changed.
    var changed: Set<String> = []
    /// `changed` and every file that read a name they changed; `nil`: every file (no
    /// usable index, or an old summary that could not be read).
    var dirty: Set<String>?
    var change = ChangeSet()

    /// Per file of this run: whether its row is made this run (dirty, or every file).
    func makesRow(_ paths: [String]) -> [Bool] {
      guard let dirty else { return Array(repeating: true, count: paths.count) }
      return paths.map { dirty.contains($0) }
    }
  }

  /// The dirty files of this run: the changed ones and the readers of what they changed.
  /// - Parameter files: this run's summaries, before `Analyzer.check` (their declarations).
  static func before(
    path: String, analyzer: String, run: String, paths: [String], entries: [String], files: [FileSummary], cache: SummaryCache,
    plant: String?
  ) -> Before {
    let (last, warning) = read(path: path, analyzer: analyzer)
    if let warning { cache.reportUnreadable(fileName, warning) }
    var before = Before(last: last)
    // Another dependency interface (or define, or module name) may change any file's answers.
    guard let last, last.run == run else { return before }
    var lastIndex: [String: Int] = [:]
    for (index, path) in last.paths.enumerated() { lastIndex[path] = index }
    var change = ChangeSet()
    var complete = true
    for (index, path) in paths.enumerated() {
      if let old = lastIndex[path] {
        guard last.entries[old] != entries[index] else { continue }
        guard let summary = cache.load(last.entries[old], file: Int32(old)) else {
          complete = false
          break
        }
        change.formUnion(ChangeSet(old: summary, new: files[index]))
      } else {
        change.formUnion(ChangeSet(old: nil, new: files[index]))
      }
      before.changed.insert(path)
    }
    let current = Set(paths)
    for (old, path) in last.paths.enumerated() where !current.contains(path) {
      guard let summary = cache.load(last.entries[old], file: Int32(old)) else {
        complete = false
        break
      }
      change.formUnion(ChangeSet(old: summary, new: nil))
      before.changed.insert(path)
    }
    before.change = change
    guard complete else { return before }
    var dirty = before.changed
    for file in last.readers(of: names(of: change, plant: plant).values) { dirty.insert(last.paths[file]) }
    before.dirty = dirty
    return before
  }

  /// This run's index, written to `path`: the rows made this run (`reads`) for the files
  /// that have one made, the last run's rows for the others; with the oracle, compared
  /// with `before` (`ChangeIndex+Oracle`), and the clean files' built graph with their
  /// part of `lastGraph` (the last run's graph file, when the run opened it).
  static func after(
    _ before: Before, path: String, analyzer: String, run: String, paths: [String], entries: [String], files: [FileSummary],
    solved: SolvedGraph, reads: Reads, switches: Switches, lastGraph: GraphFile.Reader? = nil
  ) {
    let count = files.count
    // A file whose row is made but whose calls the graph build did not look up (it built
    // a part of the module only): looked up here. With the oracle, every file is, for its
    // calls' digest and to check the rows recorded and kept (`Oracle.check`).
    let passed = switches.oracle != nil
      ? Oracle.lookUp(Array(0..<count), paths: paths, files: files, solved: solved, digests: true)
      : Oracle.lookUp((0..<count).filter { reads.makesRow[$0] && reads.lookups[$0] == nil }, paths: paths, files: files, solved: solved, digests: false)
    for file in 0..<count where reads.recordsLookups(file) && reads.lookups[file] == nil {
      reads.lookups[file] = passed.names[file] ?? []
    }
    var lastIndex: [String: Int] = [:]
    if let last = before.last {
      for (file, path) in last.paths.enumerated() { lastIndex[path] = file }
    }
    var rows: [ArraySlice<UInt32>] = []
    rows.reserveCapacity(count)
    for file in 0..<count {
      if !reads.makesRow[file], let last = before.last, let old = lastIndex[paths[file]] {
        rows.append(switches.plant == "rows" ? [] : last.row(old))
      } else {
        rows.append(ArraySlice(reads.row(file)))
      }
    }
    let index = ChangeIndex(
      analyzer: analyzer, run: run, paths: paths, entries: entries, rows: rows,
      calls: switches.oracle != nil ? passed.digests.values.map { $0 ?? "" } : [],
      records: switches.oracle != nil ? reads.records.values.map { $0 ?? "" } : [])
    index.write(to: path)
    if let report = switches.oracle {
      let graph = Oracle.graphDiffers(before, lastGraph: lastGraph, solved: solved, paths: paths)
      Oracle.check(before, against: index, reads: reads, passed: passed.names, graph: graph, report: report)
    }
  }
}
#endif

#if ImplicitsAnalysis
extension HiddenSwitch {
  /// The change index's: `IMPLICITS_CHANGE_INDEX`, `_ORACLE` (which keeps the index too), `_PLANT`.
  static let changeIndex = environment(
    "IMPLICITS_CHANGE_INDEX", oracle: "IMPLICITS_CHANGE_ORACLE", plant: "IMPLICITS_CHANGE_PLANT", oracleImpliesOn: true)

  /// Whether the change index is kept (any level).
  var keeps: Bool { level >= 1 }

  init(keeps: Bool, oracle: String?, plant: String?) { self.init(level: keeps ? 1 : 0, oracle: oracle, plant: plant) }
}
#endif
