#if ImplicitsAnalysis
import Foundation

/// Every file's `ResolvedKeysRecord`, by the name of its summary entry, in one file of the
/// summary cache: a re-check reads one file, not one per source file.
///
/// The file is the magic line, then one frame per record: the entry's name, the record's
/// length and checksum, the record (`CacheWriter`, a writer of its own). So each record is
/// checked on its own and decoded in place, by the worker that needs it, from the one
/// buffer the file was read into; and the file is never built whole in memory, which at
/// 5,000 files (10 MB) set the re-check's peak.
///
/// A run that changed a few records appends them (one `write(2)`, `O_APPEND`): a later
/// frame for an entry replaces an earlier one. The file is rewritten (`OutputFile`, a
/// temporary file renamed into place, streamed) only when it has no usable records, was
/// damaged, or would hold more superseded and gone records than live ones. Two runs
/// writing it at once leave one file or both appends, and each record is checked against
/// the module before it is used, whoever wrote it. A file or frame that cannot be read is
/// ignored from there on (`problem`): those keys are resolved anew.
final class ResolvedKeysStore: @unchecked Sendable {
  static let fileName = "resolved-keys"
  static let magic = Array("implicits-keys 7\n".utf8)

  private let lock = NSLock()
  /// The file as read, its frames, and whether it was damaged.
  private var file: CacheFrames.File
  /// Entries whose frame in `file` still holds.
  private var kept: Set<String> = []
  /// Records made in this run, encoded, by entry.
  private var made: [String: [UInt8]] = [:]
  /// Why the file or a record could not be read, if one could not.
  var problem: String? { lock.withLock { file.problem } }
  /// Records made (not found) in this run.
  private(set) var recorded = 0
  /// Records found whose frames were simulated again in this run (an alias they read
  /// changed, or they could not be read), and those whose frames were replayed.
  private(set) var resimulated = 0
  private(set) var replayed = 0
  /// Of those replayed, the ones whose declarations' rewrites were replayed too
  /// (`DeclarationRewrites`: the module's alias table was the one they were made with).
  private(set) var replayedWhole = 0

  init(path: String) { file = CacheFrames.File(path: path, magic: Self.magic) }

  /// The record stored for `entry` (or made earlier in this run, for another build
  /// configuration); `keep(recordOf:)` it if it still holds.
  func record(for entry: String) -> ResolvedKeysRecord? {
    let (file, frame, made) = lock.withLock {
      if !self.file.isRead { self.file.read() }
      return (self.file.bytes, self.file.frames?[entry], self.made[entry])
    }
    if let made {
      var reader = CacheReader(made, file: 0)
      return try? ResolvedKeysRecord(from: &reader)
    }
    guard let frame else { return nil }
    let holds = CacheFrames.holds(frame, in: file)
    var reader = CacheReader(file, from: frame.body.lowerBound, to: frame.body.upperBound, file: 0)
    guard holds, let record = try? ResolvedKeysRecord(from: &reader), reader.isAtEnd else {
      lock.withLock { self.file.damage(holds ? "a record is malformed" : "a record's checksum does not match (corrupted)") }
      return nil
    }
    return record
  }

  /// Reads the file now if it is not read, rather than at the first `record(for:)`.
  func readFile() {
    lock.withLock { if !file.isRead { file.read() } }
  }

  /// A record read whole whose frames could not be read: recomputed, and said once.
  func framesMalformed() {
    lock.withLock { file.note("a record's frames are malformed") }
  }

  /// A record read whole whose bodies' pairs could not be read: resolved anew, and said
  /// once; the file is rewritten without it.
  func recordMalformed() {
    lock.withLock { file.damage("a record's keys are malformed") }
  }

  /// Keeps the record read for `entry` for the next run: it still holds.
  func keep(recordOf entry: String) {
    lock.withLock { _ = kept.insert(entry) }
  }

  /// Keeps a new record for `entry`.
  /// - Parameter resimulated: whether only its frames are new (`SimulatedFrames`).
  /// - Parameter replayed: whether its frames were replayed and only their declarations'
  ///   rewrites are new (made under another alias table).
  func keep(_ record: ResolvedKeysRecord, for entry: String, resimulated: Bool = false, replayed: Bool = false) {
    var writer = CacheWriter()
    writer.write(record)
    lock.withLock {
      made[entry] = writer.bytes
      kept.remove(entry)
      if replayed { self.replayed += 1 } else if resimulated { self.resimulated += 1 } else { recorded += 1 }
    }
  }

  /// Lets go of the file's bytes once every record of a configuration was looked up: the
  /// records taken are decoded, and the 10 MB of a 5,000-file module would otherwise stay
  /// through the graph, where the module's peak is. Read again if needed (another
  /// configuration, or a rewrite when saving).
  func releaseFile() {
    lock.withLock { file.release() }
  }

  /// Counts a record whose frames were replayed.
  /// - Parameter whole: whether the declarations' rewrites were replayed too.
  func replayedFrames(whole: Bool) {
    lock.withLock {
      replayed += 1
      if whole { replayedWhole += 1 }
    }
  }

  /// Writes the records made since the last save. Best effort: a file that cannot be
  /// written costs the next run the resolution.
  /// - Parameter final: `false` when `Analyzer.check` saves as soon as a configuration's
  ///   files are simulated, so that the records made are let go of before the graph is
  ///   built (10 MB at 5,000 files on the first check); a record asked for after that is
  ///   read from the file again. Then the file is only appended to, or made if it has no
  ///   record: a rewrite would drop the records other configurations have yet to keep.
  func save(final: Bool = true) {
    lock.withLock {
      guard !made.isEmpty || file.damaged else { return }
      if file.frames == nil { file.read() }
      // A record made in this run for an entry read from the file replaces it.
      kept.subtract(made.keys)
      let added = made.map { CacheFrames.frame(entry: $0.key, body: $0.value) }
      var written = false
      if file.worthAppending(keeping: kept, adding: added.reduce(0) { $0 + $1.count }) {
        written = CacheFrames.append(added.reduce(into: []) { $0 += $1 }, to: file.path)
      }
      if !written {
        guard final || file.frames?.isEmpty != false else { return }
        let stream = file.rewrite()
        file.copyKept(kept, to: stream)
        for frame in added { frame.withUnsafeBytes { stream.write($0) } }
        if (try? stream.finish()) != nil { file.damaged = false }
      }
      // The records made are in the file now (its frames moved: read again if asked).
      kept.formUnion(made.keys)
      file.forget()
      made = [:]
    }
  }
}
#endif
