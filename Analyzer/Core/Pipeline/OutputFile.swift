#if ImplicitsAnalysis
import Foundation

/// Writes outputs whole or not at all: a temporary file beside the target, then rename.
public enum OutputFile {
  public static func write(_ data: Data, to path: String) throws(AnalysisFailure) {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      // Unchanged content keeps the old file (and its timestamp) so builds stay incremental.
      if let existing = FileManager.default.contents(atPath: path), existing == data { return }
      try data.write(to: temporary)
      if FileManager.default.fileExists(atPath: path) {
        _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
      } else {
        try FileManager.default.moveItem(at: temporary, to: url)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw AnalysisFailure(description: "\(path): error: cannot write output: \((error as NSError).localizedDescription)")
    }
  }
}
#endif
