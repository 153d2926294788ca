#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The result cache replays a recorded check only for the same inputs and the same
/// analyzer executable.
@Suite struct ResultCacheTests {
  @Test func fingerprintDependsOnTheAnalyzerBinary() {
    let options = AnalysisOptions(moduleName: "App", sourcePaths: ["A.swift"])
    let sources = [SourceText(path: "A.swift", bytes: Array("func f() {}".utf8))]
    let old = ResultCache.fingerprint(options: options, outputs: "", sources: sources, analyzer: "/bin/a 10 1.0 7")
    let rebuilt = ResultCache.fingerprint(options: options, outputs: "", sources: sources, analyzer: "/bin/a 10 2.0 7")
    #expect(old != rebuilt)
    #expect(old == ResultCache.fingerprint(options: options, outputs: "", sources: sources, analyzer: "/bin/a 10 1.0 7"))
  }

  @Test func stampChangesWhenTheExecutableIsReplaced() throws {
    let dir = try ScratchDirectory()
    let path = try dir.write("tool", "first")
    let before = AnalyzerBinary.stamp(ofExecutableAt: path)
    #expect(before == AnalyzerBinary.stamp(ofExecutableAt: path))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
    #expect(before != AnalyzerBinary.stamp(ofExecutableAt: path))
    #expect(AnalyzerBinary.stamp(ofExecutableAt: dir.path("missing")).hasPrefix("unknown-"))
  }

  /// End to end: a recorded result (tampered here, to tell a replay from a fresh check) is
  /// replayed by the same executable and ignored by a rebuilt one.
  @Test func rebuiltAnalyzerDoesNotReplayTheCache() throws {
    let dir = try ScratchDirectory()
    let analyzer = URL(fileURLWithPath: dir.path("implicits-analyzer"))
    try FileManager.default.copyItem(at: AnalyzerProcess.executable, to: analyzer)
    let source = try dir.write("A.swift", """
      struct Network {}
      func fetch(_ scope: ImplicitScope) { @Implicit var network: Network }
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        fetch(scope)
      }

      """)
    let arguments = ["check", "--module-name", "App", "--cache-dir", dir.path("cache"), source]
    let fresh = try AnalyzerProcess.run(arguments, analyzer: analyzer)
    #expect(fresh.status == 1)
    #expect(fresh.stderr.contains("[#unresolved-implicit]"))

    let cacheFile = dir.path("cache/App.implicits-cache")
    var lines = try String(contentsOfFile: cacheFile, encoding: .utf8).components(separatedBy: "\n")
    var payload = ContentHash()
    payload.add(bytes: Array("tampered\n".utf8))
    lines = Array(lines.prefix(6)) + ["tampered", ""]
    lines[3] = payload.hex
    try lines.joined(separator: "\n").write(toFile: cacheFile, atomically: true, encoding: .utf8)
    #expect(try AnalyzerProcess.run(arguments, analyzer: analyzer).stderr == "tampered\n")

    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: analyzer.path)
    let rebuilt = try AnalyzerProcess.run(arguments, analyzer: analyzer)
    #expect(rebuilt.stderr == fresh.stderr)
  }
}
#endif
