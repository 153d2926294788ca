#if ImplicitsAnalysis
import Dispatch
import SwiftParser
import SwiftSyntax

/// The floor under a check's time: what swift-syntax alone takes to read and parse the
/// same files, on the same threads, the way `Analyzer.analyze` does (UTF-8 validation,
/// then `Parser.parse`), with no pass after it. `implicits-analyzer parse-floor` runs it
/// so that `Benchmarks/Analyzer/measure.sh` can state the analyzer's ratio to it.
public enum ParseFloor {
  /// Parses every file and returns the bytes the trees span (a use of each tree that
  /// costs nothing next to the parse).
  public static func parse(_ paths: [String]) throws(AnalysisFailure) -> Int {
    let sources = try SourceReader.read(Array(Set(paths)).sorted())
    let lengths = Slots<Int>(count: sources.count)
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      let text = String(validating: sources[index].bytes, as: UTF8.self) ?? ""
      lengths[index] = Parser.parse(source: text).totalLength.utf8Length
    }
    return lengths.values.reduce(0) { $0 + $1! }
  }
}
#endif
