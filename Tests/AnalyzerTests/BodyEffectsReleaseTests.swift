#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// `check` frees each body's effects once its scope frames are simulated
/// (`AnalysisOptions.keepsBodyEffects`): nothing it reports or writes may depend on them,
/// and `graph` and `explain`, which print them, must still get them.
@Suite struct BodyEffectsReleaseTests {
  @Test(arguments: Fixture.all)
  func checkWithoutEffectsReportsAndWritesTheSame(_ fixture: Fixture) throws {
    let kept = try fixture.run().results
    let freed = try fixture.run(keepsBodyEffects: false).results
    #expect(kept.count == freed.count)
    for (kept, freed) in zip(kept, freed) {
      #expect(freed.diagnostics == kept.diagnostics)
      #expect(freed.interface.encoded() == kept.interface.encoded())
      #expect(freed.supportFile == kept.supportFile)
      #expect(freed.files.allSatisfy { $0.nodes.allSatisfy(\.effects.isEmpty) })
    }
  }

  @Test func graphAndExplainStillSeeEveryEffect() throws {
    let results = try Fixture.all.flatMap { try $0.run().results }
    let effects = results.reduce(0) { count, result in
      count + result.files.reduce(0) { $0 + $1.nodes.reduce(0) { $0 + $1.effects.count } }
    }
    // The fixtures read and provide keys in hundreds of bodies.
    #expect(effects > 100)
  }
}
#endif
