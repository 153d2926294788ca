#if ImplicitsAnalysis
import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes outputs whole or not at all: a temporary file beside the target, then an atomic
/// `rename(2)` over it. The temporary file's name is unique to the write (process and a
/// random number), so two writers of one file, in one process or two, never share it.
///
/// The bytes go to the file as they are, and an existing file is compared in chunks: the
/// interface of a large module is tens of megabytes (25 MB at 5,000 generated files), and
/// a `Data` copy of it plus the old file read whole added 50 MB to the peak.
public enum OutputFile {
  public static func write(_ data: Data, to path: String) throws(AnalysisFailure) {
    if let failure = data.withUnsafeBytes({ write($0, to: path) }) { throw failure }
  }

  public static func write(_ bytes: [UInt8], to path: String) throws(AnalysisFailure) {
    if let failure = bytes.withUnsafeBytes({ write($0, to: path) }) { throw failure }
  }

  private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> AnalysisFailure? {
    // Unchanged content keeps the old file (and its timestamp) so builds stay incremental.
    if holds(bytes, path) { return nil }
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary = (directory.isEmpty ? "" : directory + "/")
      + ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp"
    func failure() -> AnalysisFailure {
      AnalysisFailure(description: "\(path): error: cannot write output: \(String(cString: strerror(errno)))")
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    guard descriptor >= 0 else { return failure() }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        let error = failure()
        close(descriptor)
        unlink(temporary)
        return error
      }
      offset += written
    }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
      let error = failure()
      unlink(temporary)
      return error
    }
    return nil
  }

  /// Whether the file at `path` holds exactly `bytes`, read a chunk at a time.
  private static func holds(_ bytes: UnsafeRawBufferPointer, _ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, Int(status.st_size) == bytes.count else { return false }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
    var offset = 0
    while offset < bytes.count {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, bytes.count - offset)) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, chunk.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + offset, count) }) == 0
      else { return false }
      offset += count
    }
    return true
  }
}
#endif
