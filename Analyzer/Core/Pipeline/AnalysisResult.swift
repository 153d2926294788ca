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
  /// Where each requirement of the module's functions holds, when the module was checked
  /// in several build configurations; `nil` when it was checked once (every requirement
  /// then holds in every configuration).
  var configurations: ConfigurationRequirements? = nil
  /// With a cache, in one build configuration: which files' keys and frames were replayed
  /// as the last run made them (the outputs print anew only what an edit can reach).
  var replayed: ReplayedFiles? = nil
  /// In one build configuration: what building and solving the graph reported
  /// (`SolvedGraph.diagnostics`, `GraphDiagnoser`), kept per file in the graph file
  /// (`GraphFile`).
  var graphDiagnostics: [Diagnostic]? = nil
  /// The initializers the module's subclasses inherit, as the interface lists them.
  var inheritedEntries = InheritedEntries()

  /// Borrowed, not copied: a copy retains and releases each of the graph's arrays, and the
  /// outputs ask for the graph once per link step (~30 M instructions at 1,000 files).
  var graph: RequirementGraph {
    _read { yield solved.graph }
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
}
#endif
