#if ImplicitsAnalysis
import Foundation

/// Every summary entry of a module in one file, by entry name: a re-check of 5,000 files
/// opens and reads one file for its summaries, not 5,000 (their `openat`, `fstat`, `read`
/// and `close` were 0.06–0.10 s of system time).
///
/// The file is the magic line, then one frame per entry: the entry's name, the body's
/// length and checksum, the body (`CacheWriter`, a writer of its own). The file is read
/// with one `read` (`CacheFrames`), its frames indexed without decoding a
/// body; each body is checked and decoded in place by the worker that asks for it.
///
/// Entries made in this run are appended at the end (one `write(2)`, `O_APPEND`), a later
/// frame for an entry replacing an earlier one. The file is rewritten instead (a temporary
/// file renamed into place, `OutputFile.Stream`) when it has no usable frames, was
/// damaged, or would hold more stale frames (of file contents no run used since) than live
/// ones; and as soon as the new frames outgrow `heldLimit`, so that a cache-filling check
/// streams its 13 MB (5,000 files) to disk instead of holding them. Two runs writing at
/// once leave one whole file or both appends; a torn or interleaved frame fails its
/// checksum or its framing, and is recomputed with a warning like any damage.
final class SummaryPack: @unchecked Sendable {
  static let fileName = "summaries"
  static let magic = Array("implicits-summaries 12\n".utf8)
  /// New frames held for an append, at most: past it they go to a new file as they come.
  static let heldLimit = 1 << 20

  /// Why an entry or the file could not be read.
  struct Unreadable: Error {
    var reason: String
  }

  private let lock = NSLock()
  /// The file as read, its frames, and whether it was damaged.
  private var file: CacheFrames.File
  /// Entries found whole in the file in this run: kept when it is rewritten.
  private var used: Set<String> = []
  /// Entries made in this run, and their frames while they are held for an append.
  private var made: Set<String> = []
  private var held: [[UInt8]] = []
  private var heldSize = 0
  /// The new file, once this run rewrites it.
  private var stream: OutputFile.Stream?

  /// Why the file could not be read (its frames from there on), if it could not.
  var problem: String? { lock.withLock { file.problem } }

  init(path: String) { file = CacheFrames.File(path: path, magic: Self.magic) }

  /// The summary stored under `entry`, its locations in file `index`; `nil` when there is none.
  func summary(_ entry: String, file index: Int32) throws(Unreadable) -> FileSummary? {
    try load(entry, file: index)?.summary
  }

  /// The summary stored under `entry` and its share of the key inputs (`nil` for an entry
  /// written without one: made from its declarations when needed).
  func load(
    _ entry: String, file index: Int32
  ) throws(Unreadable) -> (summary: FileSummary, keyInputs: KeyResolutionInputs.Part?)? {
    let (file, frame) = lock.withLock {
      if !self.file.isRead { self.file.read() }
      return (self.file.bytes, self.file.frames?[entry])
    }
    guard let frame else { return nil }
    guard CacheFrames.holds(frame, in: file) else { throw damage("checksum mismatch (corrupted)") }
    // A reader of its own: the body's strings are numbered from its start.
    var reader = CacheReader(file, from: frame.body.lowerBound, to: frame.body.upperBound, file: index)
    guard let summary = try? FileSummary(deferringEffectsFrom: &reader) else { throw damage("malformed") }
    var keyInputs: KeyResolutionInputs.Part?
    if !reader.isAtEnd {
      guard let part = try? KeyResolutionInputs.Part(from: &reader), reader.isAtEnd else { throw damage("malformed") }
      keyInputs = part
    }
    lock.withLock { _ = used.insert(entry) }
    return (summary, keyInputs)
  }

  /// Reads the file now if it is not read, rather than at the first `load` (`SummaryCache.readAhead`).
  func readFile() {
    lock.withLock { if !file.isRead { file.read() } }
  }

  /// Adds `summary` as `entry`'s (once per run), with its share of the key inputs.
  @discardableResult
  func add(_ summary: FileSummary, as entry: String) -> KeyResolutionInputs.Part {
    let keyInputs = KeyResolutionInputs.Part(summary.declarations, path: summary.path)
    var body = CacheWriter()
    body.write(summary)
    // After the effects: an entry whose body ends there (a test's) is still read.
    body.write(keyInputs)
    let frame = CacheFrames.frame(entry: entry, body: body.bytes)
    lock.withLock {
      guard made.insert(entry).inserted else { return }
      if file.frames == nil { file.read() }
      if stream == nil, file.damaged || file.frames?.isEmpty != false || heldSize + frame.count > Self.heldLimit {
        startRewrite()
      }
      if let stream {
        frame.withUnsafeBytes { stream.write($0) }
      } else {
        held.append(frame)
        heldSize += frame.count
      }
    }
    return keyInputs
  }

  /// Lets go of the file's bytes once a configuration's summaries are read: 13 MB at 5,000
  /// files would otherwise stay through the graph, where the check's peak is. Read again if
  /// asked for more.
  func release() {
    lock.withLock { file.release() }
  }

  /// Writes the entries made in this run. Best effort: an entry that cannot be written
  /// costs its file a parse next run.
  /// - Returns: whether the file was rewritten (its stale frames dropped).
  @discardableResult
  func save() -> Bool {
    lock.withLock {
      guard !made.isEmpty || file.damaged else { return false }
      let kept = used.subtracting(made)
      if stream == nil {
        if file.frames == nil { file.read() }
        if file.worthAppending(keeping: kept, adding: heldSize), CacheFrames.append(held.reduce(into: []) { $0 += $1 }, to: file.path) {
          file.forget()
          (held, heldSize, made, used) = ([], 0, [], used.union(made))
          return false
        }
        startRewrite()
      }
      guard let stream else { return false }
      file.copyKept(kept, to: stream)
      let written = (try? stream.finish()) != nil
      self.stream = nil
      if written { file.damaged = false }
      // The frames moved: read again if asked.
      file.forget()
      (made, used) = ([], used.union(made))
      return written
    }
  }

  /// Starts the new file with the frames held so far. Called with the lock held.
  private func startRewrite() {
    let stream = file.rewrite()
    for frame in held { frame.withUnsafeBytes { stream.write($0) } }
    (held, heldSize) = ([], 0)
    self.stream = stream
  }

  private func damage(_ reason: String) -> Unreadable {
    lock.withLock { file.damaged = true }
    return Unreadable(reason: reason)
  }
}
#endif
