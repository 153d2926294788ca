#if ImplicitsAnalysis
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs whole or not at all: a temporary file beside the target, then an atomic
/// `rename(2)` over it. The temporary file's name is unique to the write (process and a
/// random number), so two writers of one file, in one process or two, never share it.
public enum OutputFile {
  public static func write(_ data: Data, to path: String) throws(AnalysisFailure) {
    // Unchanged content keeps the old file (and its timestamp) so builds stay incremental.
    if let existing = FileManager.default.contents(atPath: path), existing == data { return }
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary = (directory.isEmpty ? "" : directory + "/")
      + ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp"
    do {
      try data.write(to: URL(fileURLWithPath: temporary))
    } catch {
      throw AnalysisFailure(description: "\(path): error: cannot write output: \((error as NSError).localizedDescription)")
    }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw AnalysisFailure(description: "\(path): error: cannot write output: \(reason)")
    }
  }
}
#endif
