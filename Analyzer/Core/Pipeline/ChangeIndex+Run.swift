#if ImplicitsAnalysis
import Dispatch
import Foundation

/// The change index in a cached run: the last run's index and this run's changed files
/// give the dirty files before the module-wide passes (`before`); after them this run's
/// index is made and written (`after`), and with the oracle the files whose answers really
/// changed are compared with the dirty ones.
///
/// Switches (environment, read once; none is a documented option):
/// - `IMPLICITS_CHANGE_INDEX=1`: keep the index.
/// - `IMPLICITS_CHANGE_ORACLE=<file>`: keep it with the digests the oracle compares, and
///   append one JSON line per cached run to `<file>`: files, changed, dirty, the files whose
///   records or call lookups differ from the last run's, and those of them not dirty
///   (`missed`, also said on standard error). Tests and `Tests/Incremental/changeset-oracle.py`.
/// - `IMPLICITS_CHANGE_PLANT=callables|types|keys|aliases`: drop that part of the change set
///   (planted bugs the oracle must catch).
extension ChangeIndex {
  struct Switches: Sendable, Hashable {
    var keeps: Bool
    var oracle: String?
    var plant: String?

    static let environment: Switches = {
      let environment = ProcessInfo.processInfo.environment
      let oracle = environment["IMPLICITS_CHANGE_ORACLE"].flatMap { $0.isEmpty ? nil : $0 }
      return Switches(
        keeps: environment["IMPLICITS_CHANGE_INDEX"] == "1" || oracle != nil, oracle: oracle,
        plant: environment["IMPLICITS_CHANGE_PLANT"])
    }()
  }

  /// What a re-check knows before its module-wide passes.
  struct Before {
    var last: ChangeIndex?
    /// Files added, deleted (their last run's paths), or whose entry changed.
    var changed: Set<String> = []
    /// `changed` and every file that read a name they changed; `nil`: every file (no
    /// usable index, or an old summary that could not be read).
    var dirty: Set<String>?
    var change = ChangeSet()
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
    for file in last.readers(of: names(of: change, plant: plant)) { dirty.insert(last.paths[file]) }
    before.dirty = dirty
    return before
  }

  /// This run's index, written to `path`; with the oracle, compared with `before`.
  static func after(
    _ before: Before, path: String, analyzer: String, run: String, paths: [String], entries: [String], files: [FileSummary],
    solved: SolvedGraph, reads: Reads, switches: Switches
  ) {
    let count = files.count
    let oracle = switches.oracle != nil
    // Callees named by their file's path and body index (`ChangeSet.callables` lists a
    // callable whose place moved).
    var bodies: [NodeID: (file: Int, body: Int)] = [:]
    if oracle {
      for file in 0..<count {
        for (body, node) in solved.nodes(of: FileID(file)).bodies.enumerated() { bodies[node] = (file, body) }
      }
    }
    let names = Slots<Set<String>>(count: count)
    let calls = Slots<String>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { [bodies] file in
      let lookups = LookupReads()
      var table = solved.symbols
      table.reads = lookups
      var digest = ContentHash()
      func lookUp(_ site: CallSite) {
        let found = table.candidates(for: site, file: FileID(file))
        guard oracle else { return }
        digest.add(site.baseName)
        for index in found {
          let callable = table.callables[index]
          if let place = bodies[callable.node] {
            digest.add(paths[place.file] + "#" + String(place.body))
          } else {
            digest.add("external " + callable.qualifiedName + " " + (callable.typeName ?? ""))
          }
        }
        digest.add("\u{1}")
      }
      for contribution in files[file].contributions {
        if case .call(let site) = contribution.source { lookUp(site) }
      }
      for pass in files[file].bagPasses { lookUp(pass.call) }
      var read = lookups.names
      for name in reads.keys[file] ?? [] { read.insert(name) }
      for name in reads.aliases[file] ?? [] { read.insert(name) }
      // What the declarations' rewrites ask the alias table (`DeclarationRewrites`).
      for function in files[file].declarations.functions {
        for parameter in function.parameters {
          if let written = parameter.writtenType { read.insert(aliasName(written)) }
          if let stored = parameter.storedProperty { read.formUnion(aliasNames(ofRead: stored)) }
        }
      }
      names[file] = read
      if oracle { calls[file] = digest.hex }
    }
    let index = ChangeIndex(
      analyzer: analyzer, run: run, paths: paths, entries: entries, names: names.values.map { $0 ?? [] },
      calls: oracle ? calls.values.map { $0 ?? "" } : [], records: oracle ? reads.records.values.map { $0 ?? "" } : [])
    index.write(to: path)
    if let report = switches.oracle { check(before, against: index, report: report) }
  }

  /// The oracle: every file whose record or call lookups differ from the last run's must
  /// be dirty. One JSON line per run in `report`; a miss is said on standard error too.
  private static func check(_ before: Before, against index: ChangeIndex, report: String) {
    var line: [String: Any] = [
      "files": index.paths.count, "changed": before.changed.count, "all": before.dirty == nil,
      "dirty": before.dirty?.count ?? index.paths.count, "missed": [String](),
    ]
    if let dirty = before.dirty, dirty.count <= 100 { line["dirtyFiles"] = dirty.sorted() }
    if let last = before.last, last.calls.count == last.paths.count, last.records.count == last.paths.count {
      var lastIndex: [String: Int] = [:]
      for (file, path) in last.paths.enumerated() { lastIndex[path] = file }
      let dirty = before.dirty ?? Set(index.paths)
      var differ: [String] = []
      var parts: [String: String] = [:]
      for (file, path) in index.paths.enumerated() {
        guard let old = lastIndex[path] else {
          differ.append(path)
          continue
        }
        if last.calls[old] != index.calls[file] || last.records[old] != index.records[file] {
          differ.append(path)
          parts[path] = (last.calls[old] != index.calls[file] ? "calls " : "") + (last.records[old] != index.records[file] ? "records" : "")
        }
      }
      let missed = differ.filter { !dirty.contains($0) }
      line["differ"] = differ.count
      line["parts"] = parts.filter { !dirty.contains($0.key) }
      if differ.count <= 100 { line["differFiles"] = differ.sorted() }
      line["missed"] = missed.sorted()
      let change = before.change
      // The changed names with the most readers: where an over-approximation comes from.
      let widest = names(of: change, plant: nil).map { ($0, last.readers[$0]?.count ?? 0) }.filter { $0.1 > 0 }
        .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(5)
      line["widest"] = widest.map { [$0.0, $0.1] as [Any] }
      line["names"] = [
        "callables": change.callables.count, "types": change.types.count, "keys": change.keys.count,
        "aliases": change.aliases.count, "keyIdentifiers": change.keyIdentifiers.count,
      ]
      if !missed.isEmpty {
        FileHandle.standardError.write(Data(
          "change index oracle: \(missed.count) file(s) changed answers but were not dirty: \(missed.sorted().prefix(5).joined(separator: ", "))\n".utf8))
      }
    } else {
      line["first"] = true
    }
    guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
    let descriptor = open(report, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(data) + [UInt8(ascii: "\n")]
    _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
  }
}
#endif
