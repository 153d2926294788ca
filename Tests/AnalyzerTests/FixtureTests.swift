#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Every fixture yields exactly the diagnostics its `// expected-…` comments announce.
@Suite struct FixtureTests {
  @Test func corpusIsLargeEnough() {
    #expect(Fixture.all.count >= 40)
  }

  @Test(arguments: Fixture.all)
  func fixtureProducesExactlyExpectedDiagnostics(_ fixture: Fixture) throws {
    let files = fixture.modules.flatMap(\.files)
    var expected = files.flatMap(Fixture.expectations)
    let (actual, _) = try fixture.run()
    var unexpected: [Fixture.Expectation] = []
    for diagnostic in actual {
      if let index = expected.firstIndex(where: {
        $0.file == diagnostic.file && $0.line == diagnostic.line && $0.severity == diagnostic.severity
          && diagnostic.text.contains($0.text)
      }) {
        expected.remove(at: index)
      } else {
        unexpected.append(diagnostic)
      }
    }
    #expect(expected.isEmpty, "missing diagnostics:\n\(expected.map(\.description).joined(separator: "\n"))")
    #expect(unexpected.isEmpty, "unexpected diagnostics:\n\(unexpected.map(\.description).joined(separator: "\n"))")
  }
}
#endif
