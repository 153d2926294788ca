#if ImplicitsAnalysis
import Foundation
#if canImport(Glibc)
import Glibc
/// `write(2)`, spelled once for every platform: `Foundation` also has a `write`.
let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
let systemWrite = Darwin.write
#endif

/// Writes outputs whole or not at all: a temporary file beside the target, then an atomic
/// `rename(2)` over it. The temporary file's name is unique to the write (process and a
/// random number), so two writers of one file, in one process or two, never share it.
///
/// An output is written as it is produced (`Stream`), never held whole: the interface of a
/// large module is tens of megabytes (25 MB at 5,000 generated files), and a buffer of it
/// beside the model it was printed from, or a `Data` copy of it, added as much to the peak.
public enum OutputFile {
  public static func write(_ data: Data, to path: String) throws(AnalysisFailure) {
    let stream = Stream(path: path)
    data.withUnsafeBytes { stream.write($0) }
    try stream.finish()
  }

  public static func write(_ bytes: [UInt8], to path: String) throws(AnalysisFailure) {
    let stream = Stream(path: path)
    bytes.withUnsafeBytes { stream.write($0) }
    try stream.finish()
  }

  /// One output, written a piece at a time. While the pieces equal the existing file's
  /// bytes nothing is written; at the first difference the matching prefix is copied from
  /// the old file into the temporary one and the rest follows. An unchanged output keeps
  /// the old file (and its timestamp), so builds stay incremental.
  /// Used by one thread at a time: the worker that prints into it, then the caller.
  final class Stream: @unchecked Sendable {
    let path: String
    /// The existing file, read alongside while the output still matches it.
    private var old: Int32 = -1
    /// Bytes written so far that equal the old file's.
    private var matched = 0
    /// The temporary file, once the output differs from the old one.
    private var temporary: (path: String, descriptor: Int32)?
    private var failure: AnalysisFailure?
    private var chunk: [UInt8] = []
    /// Bytes of the output so far, however they were written.
    private(set) var offset = 0
    /// The file that was at `path` when the stream was opened (`ReusedEntries`).
    let oldIdentity: ReusedEntries.Identity?
    /// The file at `path` once `finish` returned: the old one kept, or the new one.
    private(set) var identity: ReusedEntries.Identity?

    init(path: String) {
      self.path = path
      old = open(path, O_RDONLY)
      oldIdentity = ReusedEntries.Identity(descriptor: old)
      if old < 0 { diverge() }
    }

    deinit {
      if old >= 0 { close(old) }
      if let temporary {
        close(temporary.descriptor)
        unlink(temporary.path)
      }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
      offset += bytes.count
      guard failure == nil, !bytes.isEmpty else { return }
      if temporary == nil, matches(bytes) {
        matched += bytes.count
        return
      }
      if temporary == nil { diverge() }
      if let temporary, !Self.writeAll(bytes, to: temporary.descriptor) { fail() }
    }

    /// Bytes the old file holds at `range` (`oldIdentity` says which file that is): when
    /// they come where the output still matches the old file they are not even read.
    func write(old range: Range<Int>) {
      guard failure == nil, !range.isEmpty else { return }
      if temporary == nil, range.lowerBound == matched, lseek(old, off_t(range.upperBound), SEEK_SET) >= 0 {
        matched += range.count
        offset += range.count
        return
      }
      var buffer = [UInt8](repeating: 0, count: min(range.count, 1 << 20))
      var at = range.lowerBound
      while at < range.upperBound {
        let count = buffer.withUnsafeMutableBytes { pread(old, $0.baseAddress, min($0.count, range.upperBound - at), off_t(at)) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return fail() }
        buffer.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        at += count
      }
    }

    /// Reads the old file's bytes at `range` into `buffer` (at least as long), from any
    /// thread: `pread` moves no shared offset. `false` when they cannot all be read.
    func readOld(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
      var at = range.lowerBound
      while at < range.upperBound {
        let count = pread(old, buffer.baseAddress! + (at - range.lowerBound), range.upperBound - at, off_t(at))
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        at += count
      }
      return true
    }

    /// Renames the temporary file over the output, or keeps the old one when every byte
    /// matched it and it has no more.
    func finish() throws(AnalysisFailure) {
      if failure == nil, temporary == nil {
        var byte: UInt8 = 0
        if read(old, &byte, 1) == 0 {
          identity = ReusedEntries.Identity(descriptor: old)
          return
        }
        diverge()
      }
      if let failure { throw failure }
      guard let temporary else { return }
      self.temporary = nil
      // Read back after the rename, through a descriptor of this file: a rename changes its
      // change time, and the path may name another writer's file by then.
      let written = open(temporary.path, O_RDONLY)
      defer { if written >= 0 { close(written) } }
      guard close(temporary.descriptor) == 0, rename(temporary.path, path) == 0 else {
        let error = Self.failure(path)
        unlink(temporary.path)
        throw error
      }
      identity = ReusedEntries.Identity(descriptor: written)
    }

    /// Whether the old file continues with exactly `bytes`, read a chunk at a time.
    private func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
      if chunk.count < min(bytes.count, 1 << 20) { chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20)) }
      var offset = 0
      while offset < bytes.count {
        let count = chunk.withUnsafeMutableBytes { read(old, $0.baseAddress, min($0.count, bytes.count - offset)) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0, chunk.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + offset, count) }) == 0
        else { return false }
        offset += count
      }
      return true
    }

    /// Opens the temporary file and copies into it the prefix that matched the old file.
    private func diverge() {
      let directory = (path as NSString).deletingLastPathComponent
      let name = (path as NSString).lastPathComponent
      let temporaryPath = (directory.isEmpty ? "" : directory + "/")
        + ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp"
      let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
      guard descriptor >= 0 else { return fail() }
      temporary = (temporaryPath, descriptor)
      guard matched > 0 else { return }
      var prefix = [UInt8](repeating: 0, count: min(matched, 1 << 20))
      var offset = 0
      while offset < matched {
        let count = prefix.withUnsafeMutableBytes { pread(old, $0.baseAddress, min($0.count, matched - offset), off_t(offset)) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0, prefix.withUnsafeBytes({ Self.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: descriptor) })
        else { return fail() }
        offset += count
      }
    }

    private func fail() {
      if failure == nil { failure = Self.failure(path) }
    }

    private static func failure(_ path: String) -> AnalysisFailure {
      AnalysisFailure(description: "\(path): error: cannot write output: \(String(cString: strerror(errno)))")
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }
}
#endif
