#if ImplicitsAnalysis
import Foundation

extension InterfaceWriter {
  /// A run of entries printed on a worker: its bytes, the old file's ranges that go
  /// between them (`at` is where in `bytes`), and each entry's place, counted from the
  /// piece's first byte in the output.
  struct Piece {
    var bytes: ByteBuffer
    var inserts: [(at: Int, old: Range<Int>)] = []
    var entries: [(position: Int, start: Int, count: Int, copied: Bool, renumbered: Bool)] = []
    var failed = false
  }

  /// The pieces of the `functions` array, printed on all cores and handed on in order by
  /// whichever thread finishes the one next in line, while the others print on.
  ///
  /// The pieces were printed in rounds, each handed on by the calling thread once the
  /// whole round was done: meanwhile the other core waited. Where the copied entries are
  /// renumbered (a file added or gone, a function added: every entry after it moves), the
  /// hand writes most of the interface's bytes, a third of the writing's time on one core.
  ///
  /// A piece is started only when it is at most `ahead` past the next one to hand: the
  /// text is still handed on as it is made, never held whole.
  final class Pieces: @unchecked Sendable {
    private let condition = NSCondition()
    /// Made and not yet handed on, by index.
    private var waiting: [Int: Piece] = [:]
    /// The index of the next piece to hand on.
    private var next = 0
    /// Whether a thread is handing pieces on (it hands every one that is ready).
    private var handing = false
    private let ahead: Int
    /// Where the pieces go; `nil`: to `out`.
    private let sink: OutputFile.Stream?
    private let out: ByteBuffer
    /// Where each entry went, for the next run.
    private let entries: ReusedEntries?
    /// Whether a piece held an entry that could not be copied.
    private(set) var failed = false

    init(ahead: Int, sink: OutputFile.Stream?, out: ByteBuffer, entries: ReusedEntries?) {
      (self.ahead, self.sink, self.out, self.entries) = (ahead, sink, out, entries)
    }

    /// Waits until the piece at `index` may be started.
    func waitForTurn(_ index: Int) {
      condition.lock()
      while index - next > ahead { condition.wait() }
      condition.unlock()
    }

    /// Adds the piece at `index`, and hands on every piece then ready in order, unless
    /// another thread is doing so (it will hand this one on too).
    func add(_ piece: Piece, at index: Int) {
      condition.lock()
      waiting[index] = piece
      guard !handing else { return condition.unlock() }
      handing = true
      while let piece = waiting.removeValue(forKey: next) {
        condition.unlock()
        hand(piece)
        condition.lock()
        next += 1
        condition.broadcast()
      }
      handing = false
      condition.unlock()
    }

    /// Appends a piece: straight to the sink, when there is one, with the old file's
    /// ranges between its bytes. Called by one thread at a time.
    private func hand(_ piece: Piece) {
      if piece.failed { failed = true }
      guard let sink else { return out.append(piece.bytes.bytes) }
      let base = sink.offset
      var written = 0
      for insert in piece.inserts {
        sink.write(UnsafeRawBufferPointer(rebasing: piece.bytes.bytes[written..<insert.at]))
        sink.write(old: insert.old)
        written = insert.at
      }
      sink.write(UnsafeRawBufferPointer(rebasing: piece.bytes.bytes[written...]))
      for entry in piece.entries {
        entries?.record(
          at: entry.position, range: (base + entry.start)..<(base + entry.start + entry.count), copied: entry.copied,
          renumbered: entry.renumbered)
      }
    }
  }

  /// The old file's bytes of the entries a piece renumbers, read with one `pread` when they
  /// lie close together (an entry each was 65,000 calls at 5,000 generated files).
  struct OldEntries {
    let stream: OutputFile.Stream
    var buffer: [UInt8] = []
    var base = 0

    init?(_ reuse: Reuse, _ positions: Range<Int>, from stream: OutputFile.Stream) {
      self.stream = stream
      guard let reprinted = reuse.reprinted else { return nil }
      var (low, high, total) = (Int.max, Int.min, 0)
      for position in positions where !reprinted[position] {
        let range = reuse.ranges[reuse.oldPositions[position]]
        (low, high, total) = (min(low, range.lowerBound), max(high, range.upperBound), total + range.count)
      }
      guard low < high, high - low <= 2 * total + 64 * 1024 else { return }
      // Not zeroed first: every byte is read over (zeroing was 31 M instructions at 5,000
      // generated files, every entry renumbered).
      var read = false
      buffer = [UInt8](unsafeUninitializedCapacity: high - low) { bytes, count in
        read = stream.readOld(low..<high, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[..<(high - low)])))
        count = read ? high - low : 0
      }
      base = low
      guard read else { return nil }
    }

    /// `body` of the old bytes at `range`; `false` when they cannot be read.
    func withBytes(of range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
      if base <= range.lowerBound && range.upperBound <= base + buffer.count {
        return buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[(range.lowerBound - base)..<(range.upperBound - base)])) }
      }
      var bytes = [UInt8](repeating: 0, count: range.count)
      guard bytes.withUnsafeMutableBytes({ stream.readOld(range, into: $0) }) else { return false }
      return bytes.withUnsafeBytes(body)
    }
  }
}
#endif
