#if ImplicitsAnalysis
import Dispatch
import Foundation

/// One source file's bytes.
struct SourceText: Sendable {
  var path: String
  var bytes: [UInt8]
  /// Whether `bytes` were let go of (`releaseBytes`): empty, not the file's.
  fileprivate(set) var isReleased = false

  init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

extension [SourceText] {
  /// Every file's bytes let go of, the paths kept: once the files are summarised, only a
  /// file analysed again (`Analyzer.Reanalysis`, which reads it again) needs them.
  mutating func releaseBytes() {
    for index in indices {
      self[index].bytes = []
      self[index].isReleased = true
    }
  }
}

enum SourceReader {
  /// The file's bytes, or `nil` if it cannot be read.
  static func bytes(of path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

  static func read(_ paths: [String]) throws(AnalysisFailure) -> [SourceText] {
    let slots = Slots<Result<[UInt8], AnalysisFailure>>(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let path = paths[index]
      if let bytes = bytes(of: path) {
        slots[index] = .success(bytes)
      } else {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "permission denied"
        slots[index] = .failure(AnalysisFailure(description: "\(path): error: cannot read source file (\(reason))"))
      }
    }
    var sources: [SourceText] = []
    for (index, slot) in slots.values.enumerated() {
      switch slot! {
      case .success(let bytes): sources.append(SourceText(path: paths[index], bytes: bytes))
      case .failure(let failure): throw failure
      }
    }
    return sources
  }
}
#endif
