#if ImplicitsAnalysis
/// What one analysis found; every output format is derived from it.
public struct AnalysisResult: Sendable {
  let options: AnalysisOptions
  let paths: [String]
  let files: [FileSummary]
  let graph: RequirementGraph
  let builder: GraphBuilder
  let diagnostics: [Diagnostic]

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
}
#endif
