#if ImplicitsAnalysis
/// When and how a cached run writes its solved graph (`GraphFile`): started on a libdispatch
/// worker as soon as the graph is solved, beside the outputs, and waited for before the run
/// records its result. The outputs keep one core busy for most of their time (the plan, the
/// diagnostics and the support file beside it; only the links and entries take both), so
/// the file is written on the one that idles rather than after them (`OnWorker`: its
/// allocations stay in a worker's arena).
///
/// With the oracle (`CheckRun.checksGraph`, tests and `IMPLICITS_GRAPH_ORACLE`) the last
/// run's graph is compared with this run's before the file is replaced, and the file
/// written is read back: `finish` does that after the write, on the caller's thread.
///
/// A run that fails after the start waits for the write too (`wait`), so that no write of
/// one run goes on into the next run of the same process (tests, the plugin's host).
final class GraphFileWrite {
  private let worker: OnWorker<(ids: StableNodeIDs, size: Int?, copied: Int?)>
  private var written: (ids: StableNodeIDs, size: Int?, copied: Int?)?
  private let result: AnalysisResult
  private let diagnostics: [Diagnostic]
  private let summaries: [String]
  private let path: String
  private let moduleName: String
  private let inputs: ContentHash

  /// Starts writing `result`'s graph to `path` (`diagnostics`: `result.graphDiagnostics`,
  /// `summaries`: each file's summary entry).
  init(
    _ result: AnalysisResult, diagnostics: [Diagnostic], summaries: [String], to path: String,
    moduleName: String, inputs: ContentHash, scheme: StableNodeIDs.Scheme
  ) {
    (self.result, self.diagnostics, self.summaries, self.path) = (result, diagnostics, summaries, path)
    (self.moduleName, self.inputs) = (moduleName, inputs)
    worker = OnWorker {
      let ids = StableNodeIDs(result.solved, paths: result.paths, scheme: scheme)
      var encoder = GraphFile.Encoder(result.solved, ids: ids, paths: result.paths, diagnostics: diagnostics)
      encoder.summaryEntries = result.files.map(\.entries.count)
      // A graph that cannot be written is no error of the check: the next run makes it anew.
      let written = try? GraphFile.write(
        encoder, to: path, analyzer: AnalyzerBinary.stamp, moduleName: moduleName, inputs: inputs,
        summaries: summaries, reuse: result.solved.reuse)
      return (ids, written?.size, written?.copied ?? nil)
    }
  }

  /// Waits for the file; with the oracle (`checks`), compares the `last` run's graph with
  /// this run's first and checks the file written reads back, and returns what it found.
  func finish(checks: Bool, last: GraphFile.Reader?) -> GraphOracle.Report? {
    let (ids, size, copied) = wait()
    guard checks else { return nil }
    // The oracle's side: the graph as plain values, made apart from the writer's bytes.
    let parts = GraphFile.Parts(result.solved, ids: ids, paths: result.paths, diagnostics: diagnostics)
    var oracle = last.map { GraphOracle.compare(old: $0, new: parts, summaries: summaries, inputs: inputs) }
    guard size != nil else { return oracle }
    // Timed first, before the read-back below brings the whole file into the page cache.
    let readCost = GraphOracle.readCost(path, analyzer: AnalyzerBinary.stamp, moduleName: moduleName)
    let readsBack = GraphOracle.readsBack(path, as: parts, analyzer: AnalyzerBinary.stamp, moduleName: moduleName)
    if oracle == nil { oracle = GraphOracle.Report() }
    oracle?.readsBack = readsBack
    oracle?.copied = copied
    if let reportPath = GraphOracle.reportPath, let oracle { GraphOracle.append(oracle, readCost: readCost, to: reportPath) }
    return oracle
  }

  /// The ids, the file's size (`nil` if it could not be written) and the parts it copied
  /// from the last run's (`nil` if it could copy none), once it is written.
  @discardableResult
  func wait() -> (ids: StableNodeIDs, size: Int?, copied: Int?) {
    if let written { return written }
    written = worker.value()
    return written!
  }
}
#endif
