#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Every fixture yields exactly the diagnostics its `// expected-…` comments announce:
/// same file, line, column, severity and ID, and a message containing the given text.
@Suite struct FixtureTests {
  @Test func corpusIsLargeEnough() {
    #expect(Fixture.all.count >= 40)
  }

  @Test(arguments: Fixture.all)
  func fixtureProducesExactlyExpectedDiagnostics(_ fixture: Fixture) throws {
    #expect(fixture.overlayFailure == nil)
    let files = fixture.modules.flatMap(\.files)
    #expect(!files.isEmpty, "no source files")
    let parsed = files.map(Fixture.expectations)
    var expected = parsed.flatMap(\.expectations)
    let malformed = parsed.flatMap(\.malformed)
    #expect(malformed.isEmpty, "malformed expectations:\n\(malformed.joined(separator: "\n"))")
    let (actual, results) = try fixture.run()
    // A note says one thing once: no diagnostic repeats one (same place, same words).
    for diagnostic in results.flatMap(\.diagnostics) {
      let repeated = diagnostic.notes.enumerated().filter { diagnostic.notes[..<$0.offset].contains($0.element) }
      #expect(repeated.isEmpty, "\(diagnostic.message) repeats notes: \(repeated.map(\.element.message))")
    }
    var unexpected: [Fixture.Expectation] = []
    for diagnostic in actual {
      if let index = expected.firstIndex(where: { $0.matches(diagnostic) }) {
        expected.remove(at: index)
      } else {
        unexpected.append(diagnostic)
      }
    }
    let compare = {
      #expect(expected.isEmpty, "missing diagnostics:\n\(expected.map(\.description).joined(separator: "\n"))")
      #expect(unexpected.isEmpty, "unexpected diagnostics:\n\(unexpected.map(\.description).joined(separator: "\n"))")
    }
    // A gap the analyzer has (found by the differential test): the expectations say what is
    // right, and the test fails once the gap is closed, so that the directive is removed.
    let knownIssues = Fixture.directives("analyzer-known-issue", in: files)
    if knownIssues.isEmpty {
      compare()
    } else {
      withKnownIssue(Comment(rawValue: knownIssues.joined(separator: "; ")), isIntermittent: false, compare)
    }
  }
}
#endif
