#if ImplicitsAnalysis
import Dispatch
import Foundation

/// Per-file results on disk: what the per-file passes (`FileAnalyzer.analyze`) made of
/// each source file, so that a re-check after an edit parses only the edited files.
///
/// An entry is named by a hash of everything the per-file passes read: the analyzer
/// executable (`AnalyzerBinary`), the file's path and bytes, the active conditions and
/// the configuration's assumptions, and whether the syntax rules ran. Nothing else goes
/// in: the passes see no other file, and a summary holds no file index (a file that
/// sorts elsewhere after a file is added keeps its entry; see `CacheReader.file`). The
/// module-wide passes always run on the summaries, so what crosses files (key inference,
/// overloads, configurations, the outputs) is computed afresh each time.
///
/// Entries live in `<cache-dir>/<Module>.summaries/`, one directory per module, so two
/// targets built at once never write the same entry. Each is written to a temporary file
/// and renamed into place. An entry that cannot be read back (truncated, corrupted,
/// written by another format) is recomputed and reported once per run, as a warning
/// (`problems`); entries no run has used since the last change are removed.
final class SummaryCache: @unchecked Sendable {
  let directory: String
  private let analyzer: String
  private let lock = NSLock()
  private var used: Set<String> = []
  private var stored = false
  /// Entries that could not be read, by file name, with why.
  private(set) var problems: [(entry: String, reason: String)] = []
  /// Summaries computed (not found) in this run.
  private(set) var recomputed = 0

  /// Identifies the format of an entry; a foreign or older entry is recomputed.
  static let magic = Array("implicits-summary 8\n".utf8)

  /// - Parameter analyzer: the stamp of the analyzer executable (the running one by default).
  init(directory: String, moduleName: String, analyzer: String = AnalyzerBinary.stamp) {
    self.directory = directory + "/" + moduleName + ".summaries"
    self.analyzer = analyzer
    resolvedKeys = ResolvedKeysStore(path: self.directory + "/" + ResolvedKeysStore.fileName)
    used.insert(ResolvedKeysStore.fileName)
  }

  /// The resolved keys of each entry (`ResolvedKeysRecord`), in one file beside the entries.
  let resolvedKeys: ResolvedKeysStore

  /// The entry name of one file's summary under `conditions`.
  func entryName(path: String, bytes: [UInt8], conditions: ConditionEvaluator, rules: Bool) -> String {
    var hash = ContentHash()
    hash.add(analyzer)
    hash.add(path)
    hash.add(bytes: bytes)
    for define in conditions.defines.sorted() { hash.add("D" + define) }
    for (condition, holds) in conditions.assumptions.sorted(by: { $0.key < $1.key }) {
      hash.add((holds ? "A+" : "A-") + condition)
    }
    hash.add(rules ? "rules" : "")
    return hash.hex
  }

  /// The summary stored under `entry`, located in file `index`; `nil` when there is none
  /// or it cannot be read (then `problems` says why). Its effects stay encoded
  /// (`FileSummary.deferredEffects`): a file whose frames are replayed never needs them.
  func load(_ entry: String, file index: Int32) -> FileSummary? {
    lock.withLock { _ = used.insert(entry) }
    guard let data = FileManager.default.contents(atPath: path(of: entry)) else { return nil }
    do {
      return try CacheFrame.decode([UInt8](data), magic: Self.magic, file: index) { reader throws(CacheReader.Malformed) in
        try FileSummary(deferringEffectsFrom: &reader)
      }
    } catch {
      report(entry, error.reason)
      return nil
    }
  }

  /// An entry whose deferred effects could not be decoded (its frame was whole): the file
  /// was analysed again, and it is said once with the rest.
  func effectsMalformed(in entry: String) {
    report(entry, "its effects are malformed")
  }

  /// Best effort: an entry that cannot be written costs its file a parse next run.
  func store(_ summary: FileSummary, as entry: String) {
    let bytes = CacheFrame.encode(summary, magic: Self.magic)
    lock.withLock {
      recomputed += 1
      if !stored {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        stored = true
      }
    }
    try? OutputFile.write(Data(bytes), to: path(of: entry))
  }

  /// Removes the entries this run did not use, once something was stored: they belong to
  /// file contents that are gone, and would otherwise pile up with every edit.
  func removeUnused() {
    guard stored, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where !name.hasPrefix(".") && !used.contains(name) {
      try? FileManager.default.removeItem(atPath: path(of: name))
    }
  }

  /// One line for the whole run, however many entries were bad.
  var warning: String? {
    let problems = problems + (resolvedKeys.problem.map { [(ResolvedKeysStore.fileName, $0)] } ?? [])
    guard let first = problems.min(by: { $0.entry < $1.entry }) else { return nil }
    let count = problems.count == 1 ? "a cache entry" : "\(problems.count) cache entries"
    return "\(directory): warning: ignored \(count) that could not be read (\(first.entry): \(first.reason)) and recomputed"
  }

  private func path(of entry: String) -> String { directory + "/" + entry }

  private func report(_ entry: String, _ reason: String) {
    lock.withLock { problems.append((entry, reason)) }
  }
}
#endif
