#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

@Test func analyzerVersionIsSet() {
  #expect(!AnalyzerVersion.current.isEmpty)
}
#endif
