#if ImplicitsAnalysis
/// What one analysis found; every output format is derived from it.
public struct AnalysisResult: Sendable {
  let options: AnalysisOptions
  let paths: [String]
  let files: [FileSummary]
  let solved: SolvedGraph
  let diagnostics: [Diagnostic]
  /// Keys whose reads are always provided (`Key<T>(default:)`, `DefaultImplicit`), here and
  /// in dependencies.
  let defaultedKeys: Set<KeyName>

  var graph: RequirementGraph { solved.graph }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
}
#endif
