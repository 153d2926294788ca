#if ImplicitsAnalysis
import Foundation

/// The running analyzer executable, as the result cache keys it: a rebuilt or replaced
/// analyzer may report differently, so its recorded results must not be replayed.
///
/// The stamp is the executable's resolved path, size, modification time and inode: a
/// `stat`, where hashing the binary's bytes (tens of MB) would cost more than the
/// cached re-check it guards.
enum AnalyzerBinary {
  static let stamp: String = stamp(ofExecutableAt: executablePath)

  /// `/proc/self/exe` on Linux (the file actually running, whatever `argv[0]` says).
  static var executablePath: String {
    if let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return linked }
    return Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
  }

  static func stamp(ofExecutableAt path: String) -> String {
    let resolved = (path as NSString).resolvingSymlinksInPath
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
      let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
    else {
      // Unknown executable: never reuse a cache entry made by it.
      return "unknown-\(UUID().uuidString)"
    }
    let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    return "\(resolved) \(size.int64Value) \(date.timeIntervalSince1970) \(inode)"
  }
}
#endif
