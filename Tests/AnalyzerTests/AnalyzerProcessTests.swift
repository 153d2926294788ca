#if ImplicitsAnalysis
import Foundation
import Testing

/// The tests' process runner survives the exec race that copies of the analyzer meet.
@Suite struct AnalyzerProcessTests {
  /// A copy still open for writing (here on purpose; in the suite, in a child forked while
  /// another test copied it) cannot be executed: the runner waits until it is closed.
  @Test func aCopyHeldOpenForWritingRunsOnceItIsClosed() throws {
    let dir = try ScratchDirectory()
    let analyzer = URL(fileURLWithPath: dir.path("implicits-analyzer"))
    try FileManager.default.copyItem(at: AnalyzerProcess.executable, to: analyzer)
    let writer = open(analyzer.path, O_WRONLY)
    #expect(writer >= 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { close(writer) }
    let output = try AnalyzerProcess.run(["check", "--help"], analyzer: analyzer)
    #expect(output.status == 0)
    #expect(output.stdout.contains("--module-name"))
  }
}
#endif
