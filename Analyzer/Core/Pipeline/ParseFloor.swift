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
    try parse(paths, walks: 0).bytes
  }

  /// Parses every file, then walks each tree `walks` times with a `SyntaxVisitor` that
  /// visits every node and only counts the tokens: what one traversal of ours costs
  /// before a pass does anything (the first walk also makes the nodes; later ones reuse
  /// them), to set against the passes' walks (`Benchmarks/Analyzer/README.md`).
  /// - Returns: the bytes the trees span, and the tokens visited over all walks.
  public static func parse(_ paths: [String], walks: Int) throws(AnalysisFailure) -> (bytes: Int, tokens: Int) {
    let sources = try SourceReader.read(Array(Set(paths)).sorted())
    let counts = Slots<(bytes: Int, tokens: Int)>(count: sources.count)
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      let text = String(validating: sources[index].bytes, as: UTF8.self) ?? ""
      let tree = Parser.parse(source: text)
      let walker = TokenCounter()
      for _ in 0..<walks { walker.walk(tree) }
      counts[index] = (tree.totalLength.utf8Length, walker.tokens)
    }
    return counts.values.reduce((0, 0)) { ($0.bytes + $1!.bytes, $0.tokens + $1!.tokens) }
  }

  /// Visits every node and token of the source-accurate tree.
  private final class TokenCounter: SyntaxVisitor {
    var tokens = 0
    init() { super.init(viewMode: .sourceAccurate) }
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
      tokens += 1
      return .visitChildren
    }
  }
}
#endif
