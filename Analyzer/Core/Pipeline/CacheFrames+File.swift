#if ImplicitsAnalysis
extension CacheFrames {
  /// One packed file of the cache as this run read it: its bytes, its frames' index, and
  /// whether it was damaged. Shared by `SummaryPack` and `ResolvedKeysStore`, which keep
  /// only their own policy (what they add, when they save) and hold it under their lock.
  struct File {
    let path: String
    let magic: [UInt8]
    /// The file as read; never changed once read, so workers decode from it without the lock.
    private(set) var bytes: [UInt8] = []
    /// Its size when read, also once `bytes` is let go of (`release`).
    private(set) var size = 0
    private(set) var released = false
    /// Each entry's latest frame in `bytes`; `nil` until the file is read.
    private(set) var frames: [String: Frame]?
    /// Whether the file had frames that could not be read: rewritten, not appended to.
    var damaged = false
    /// Why the file (or an entry of it) could not be read, the first time one could not.
    private(set) var problem: String?

    init(path: String, magic: [UInt8]) {
      self.path = path
      self.magic = magic
    }

    /// Whether `frames` can be used: read, and its bytes not let go of.
    var isRead: Bool { frames != nil && !released }

    /// Reads the file and indexes its frames, without decoding a body. A frame that cannot
    /// be framed ends the file: the entries after it are recomputed.
    mutating func read() {
      frames = [:]
      (bytes, size, released) = ([], 0, false)
      guard let contents = CacheFrames.contents(of: path) else { return }
      (bytes, size) = (contents, contents.count)
      let (frames, problem) = CacheFrames.index(bytes, magic: magic)
      self.frames = frames
      if let problem { damage(problem) }
    }

    /// Notes that the file could not be read whole: said once (the first reason), and
    /// rewritten when saved.
    mutating func damage(_ reason: String) {
      problem = problem ?? reason
      damaged = true
    }

    /// Notes a reason to warn without a rewrite (the entry is whole, what it says is not usable).
    mutating func note(_ reason: String) {
      problem = problem ?? reason
    }

    /// Lets go of the bytes, keeping the index: read again if a body is asked for.
    mutating func release() {
      (bytes, released) = ([], true)
    }

    /// Forgets what was read once the file was written: its frames moved.
    mutating func forget() {
      (bytes, frames) = ([], nil)
    }

    /// Whether to append `adding` bytes of new frames rather than rewrite: the file is
    /// whole and has frames, and its frames that no run needs (superseded, or of entries
    /// not `kept`) would not outweigh the live ones.
    func worthAppending(keeping kept: Set<String>, adding: Int) -> Bool {
      let live = kept.reduce(0) { $0 + (frames?[$1]?.whole.count ?? 0) }
      return !damaged && size > magic.count && size - magic.count - live <= live + adding
    }

    /// A new file in place of this one (renamed over it when finished), its magic written.
    func rewrite() -> OutputFile.Stream {
      let stream = OutputFile.Stream(path: path)
      magic.withUnsafeBytes { stream.write($0) }
      return stream
    }

    /// Copies the frames of the entries `kept` to `stream`, in their names' order (so a
    /// rewrite does not depend on hashing), reading the file again if its bytes were let go of.
    mutating func copyKept(_ kept: Set<String>, to stream: OutputFile.Stream) {
      guard !kept.isEmpty else { return }
      if !isRead { read() }
      for entry in kept.sorted() {
        guard let frame = frames?[entry] else { continue }
        bytes.withUnsafeBytes { stream.write(UnsafeRawBufferPointer(rebasing: $0[frame.whole])) }
      }
    }
  }
}
#endif
