#if ImplicitsAnalysis
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The layout the cache's packed files share (`SummaryPack`, `ResolvedKeysStore`): a magic
/// line, then one frame per entry — the entry's name, the body's length and checksum, the
/// body (`CacheWriter`, a writer of its own).
///
/// So a file is read with one `read` and indexed without decoding a body; each body is
/// checked against its checksum and decoded in place by the worker that asks for it; a run
/// appends the frames it made in one `write(2)`, and a later frame for an entry replaces an
/// earlier one. What is kept, appended or rewritten is each file's own policy.
enum CacheFrames {
  /// Where one entry's latest frame lies in the file.
  struct Frame {
    /// The frame, header included: what a rewrite copies.
    var whole: Range<Int>
    var body: Range<Int>
    var checksum: ContentHash
  }

  /// One entry's frame: its name, the body's length and checksum, then the body.
  static func frame(entry: String, body: [UInt8]) -> [UInt8] {
    var header = CacheWriter()
    body.withUnsafeBytes { Self.header(entry: entry, body: $0, into: &header) }
    return header.bytes + body
  }

  /// What comes before `body` in its frame, into `writer` (a writer that has the body in a
  /// buffer of its own writes the two apart, not copying the body into one array).
  static func header(entry: String, body: UnsafeRawBufferPointer, into writer: inout some CacheWriting) {
    var hash = ContentHash()
    hash.add(bytes: body)
    writer.write(entry)
    writer.write(body.count)
    hash.encode(into: &writer)
  }

  /// The latest frame of each entry in `file`, without decoding a body, and why the file
  /// could not be read if it could not: not this format, or a frame that cannot be framed
  /// (torn or corrupted), which ends the file — the entries after it are recomputed.
  static func index(_ file: [UInt8], magic: [UInt8]) -> (frames: [String: Frame], problem: String?) {
    guard file.starts(with: magic) else { return ([:], "not a file of this analyzer's format") }
    var frames: [String: Frame] = [:]
    var offset = magic.count
    while offset < file.count {
      var reader = CacheReader(file, from: offset, file: 0)
      guard let entry = try? reader.read() as String, let length = try? reader.read() as Int,
        let checksum = try? reader.read() as ContentHash, length >= 0, length <= reader.remaining
      else {
        return (frames, "truncated or malformed (at byte \(offset) of \(file.count))")
      }
      let start = reader.position
      frames[entry] = Frame(whole: offset..<(start + length), body: start..<(start + length), checksum: checksum)
      offset = start + length
    }
    return (frames, nil)
  }

  /// Whether `frame`'s body in `file` still has the checksum it was written with.
  static func holds(_ frame: Frame, in file: [UInt8]) -> Bool {
    var hash = ContentHash()
    file.withUnsafeBytes { hash.add(bytes: UnsafeRawBufferPointer(rebasing: $0[frame.body])) }
    return hash == frame.checksum
  }

  /// Adds frames at the end of the file at `path` in one write; `false` if it did not
  /// happen whole (or there is no file to add to).
  static func append(_ bytes: [UInt8], to path: String) -> Bool {
    guard !bytes.isEmpty else { return true }
    let descriptor = open(path, O_WRONLY | O_APPEND)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    return written == bytes.count
  }

  /// The file's bytes, read straight into one array (`Data` and a copy of it were twice
  /// the file at once).
  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var failed = false
    let bytes = [UInt8](uninitializedCount: size) { buffer, count in
      while count < size {
        let got = read(descriptor, buffer.baseAddress! + count, size - count)
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { break }
        count += got
      }
      failed = count < size
    }
    return failed ? nil : bytes
  }
}
#endif
