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
/// Entries live in one file per module (`SummaryPack`, `<cache-dir>/<Module>.summaries/
/// summaries`), so two targets built at once never write the same file, and a re-check
/// reads its summaries with one `read`. An entry that cannot be read back (truncated,
/// corrupted, written by another format, torn by a concurrent writer) is recomputed and
/// reported once per run, as a warning (`problems`); entries no run has used since the
/// last change are dropped when the file is rewritten.
final class SummaryCache: @unchecked Sendable {
  let directory: String
  private let analyzer: String
  private let lock = NSLock()
  private let pack: SummaryPack
  private var stored = false
  /// Entries that could not be read, by file name, with why.
  private(set) var problems: [(entry: String, reason: String)] = []
  /// Summaries computed (not found) in this run.
  private(set) var recomputed = 0

  /// - Parameter analyzer: the stamp of the analyzer executable (the running one by default).
  init(directory: String, moduleName: String, analyzer: String = AnalyzerBinary.stamp) {
    self.directory = directory + "/" + moduleName + ".summaries"
    self.analyzer = analyzer
    resolvedKeys = ResolvedKeysStore(path: self.directory + "/" + ResolvedKeysStore.fileName)
    pack = SummaryPack(path: self.directory + "/" + SummaryPack.fileName)
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

  /// Reads the summaries' file now, so that a worker can read it before the loads ask.
  func readAhead() { pack.readFile() }

  /// The summary stored under `entry`, located in file `index`; `nil` when there is none
  /// or it cannot be read (then `problems` says why). Its effects stay encoded
  /// (`FileSummary.deferredEffects`): a file whose frames are replayed never needs them.
  func load(_ entry: String, file index: Int32) -> FileSummary? { loadWithKeyInputs(entry, file: index)?.summary }

  /// The summary as `load` reads it, and the file's share of the key inputs kept with it.
  func loadWithKeyInputs(
    _ entry: String, file index: Int32
  ) -> (summary: FileSummary, keyInputs: KeyResolutionInputs.Part?)? {
    do {
      return try pack.load(entry, file: index)
    } catch {
      report(entry, error.reason)
      return nil
    }
  }

  /// Lets go of the packed file's bytes once a configuration's summaries are loaded.
  func releaseLoaded() { pack.release() }

  /// An entry whose deferred effects could not be decoded (its frame was whole): the file
  /// was analysed again, and it is said once with the rest.
  func effectsMalformed(in entry: String) {
    report(entry, "its effects are malformed")
  }

  /// Keeps `summary` for the next run (written by `save`).
  /// - Returns: the file's share of the key inputs, kept with it.
  @discardableResult
  func store(_ summary: FileSummary, as entry: String) -> KeyResolutionInputs.Part {
    lock.withLock {
      recomputed += 1
      if !stored {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        stored = true
      }
    }
    return pack.add(summary, as: entry)
  }

  /// Writes the entries made in this run. When the packed file is rewritten, what else is
  /// in the directory goes: the one-file-per-entry summaries of earlier analyzers.
  func save() {
    guard pack.save(), let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let kept = [SummaryPack.fileName, ResolvedKeysStore.fileName, ChangeIndex.fileName]
    for name in names where !name.hasPrefix(".") && !kept.contains(name) {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
  }

  /// One line for the whole run, however many entries were bad.
  var warning: String? {
    let problems = problems + (pack.problem.map { [(SummaryPack.fileName, $0)] } ?? [])
      + (resolvedKeys.problem.map { [(ResolvedKeysStore.fileName, $0)] } ?? [])
    guard let first = problems.min(by: { $0.entry < $1.entry }) else { return nil }
    let count = problems.count == 1 ? "a cache entry" : "\(problems.count) cache entries"
    return "\(directory): warning: ignored \(count) that could not be read (\(first.entry): \(first.reason)) and recomputed"
  }

  /// A file beside the entries that could not be read (`ChangeIndex`): said with the rest.
  func reportUnreadable(_ name: String, _ reason: String) {
    report(name, reason)
  }

  private func report(_ entry: String, _ reason: String) {
    lock.withLock { problems.append((entry, reason)) }
  }
}
#endif
