#if ImplicitsAnalysis
import Dispatch
import Foundation

/// `check`: analysis, then the diagnostics and the requested output files. With a cache
/// directory, a run whose inputs and outputs are unchanged replays the recorded
/// diagnostics without parsing anything.
public struct CheckRun: Sendable {
  let options: AnalysisOptions
  let format: DiagnosticsFormat
  let interfaceOutput: String?
  let supportFileOutput: String?
  let cacheDirectory: String?
  /// Whether the analysis is freed when `run` returns. The command line sets `false`: it
  /// exits right after, and freeing a module's summaries and graph object by object
  /// costs about a sixth of a cached re-check (callgrind, 1,000 generated files).
  public var releasesAnalysis = true
  /// Whether a cached run writes its solved graph (`GraphFile`, `<cache-dir>/<Module>.graph`):
  /// the hidden `--experimental-graph-cache`. Nothing reads it yet (design step 4 will), and
  /// writing it costs every cached run, so it is off by default.
  public var writesGraph = false
  /// Whether the run compares the last run's graph file with its own graph (`GraphOracle`);
  /// on for tests, and when `IMPLICITS_GRAPH_ORACLE` names a report file. Implies `writesGraph`.
  var checksGraph = GraphOracle.reportPath != nil
  /// How the graph file names nodes: tests plant `.globalIndex` to see the oracle fail it.
  var graphIDScheme = StableNodeIDs.Scheme.stable

  public init(
    options: AnalysisOptions, format: DiagnosticsFormat, interfaceOutput: String?,
    supportFileOutput: String?, cacheDirectory: String?
  ) {
    self.options = options
    self.format = format
    self.interfaceOutput = interfaceOutput
    self.supportFileOutput = supportFileOutput
    self.cacheDirectory = cacheDirectory
  }

  /// What `check` prints, and how many errors it found.
  public struct Report: Sendable {
    public var diagnostics: String
    public var errorCount: Int
    /// About the cache, not the code (an entry that could not be read): printed on
    /// standard error, never part of `diagnostics`, which stay those of a cold run.
    public var warnings: [String] = []
    /// How many of the interface's function entries were copied from the last run's
    /// interface file (`ReusedEntries`), not printed anew.
    public var reusedEntries = 0
    /// Of those, the ones whose callee positions or file numbers were rewritten
    /// (`EntryRenumbering`): a function added or removed, or `files` changed, before them.
    public var renumberedEntries = 0
    /// How many function entries the interface written by this run has; `nil` when this
    /// run wrote none (no interface output, or the last check replayed from the cache).
    public var interfaceEntries: Int?
    /// Whether the interface's functions kept the last run's order (`KeptOrder`), not sorted.
    public var keptOrder = false
    /// What the graph oracle found (`checksGraph`), if the last run left a graph file.
    var graphOracle: GraphOracle.Report?
  }

  /// Writes the output files (whole or not at all) and returns the diagnostics.
  public func run() throws(AnalysisFailure) -> Report {
    let paths = Array(Set(options.sourcePaths)).sorted()
    let sources = try SourceReader.read(paths)
    let outputPaths = [interfaceOutput, supportFileOutput]
    let cache = cacheDirectory.map { ResultCache(directory: $0, moduleName: options.moduleName) }
    let summaries = cacheDirectory.map { SummaryCache(directory: $0, moduleName: options.moduleName) }
    // The packed summaries read on a worker while this thread hashes the sources and takes
    // the interface's record: read by the first load, they were read on one thread with the
    // other core idle (~0.01 s of a re-check at 5,000 files). Only read, nothing changed: a
    // run that replays its result from `cache` has read them in vain.
    let readAhead = summaries.map { summaries in OnWorker { summaries.readAhead() } }
    let fingerprint = cache.map { _ in
      ResultCache.fingerprint(options: options, outputs: "\(format.rawValue) \(outputPaths)", sources: sources)
    }
    var warnings: [String] = []
    if let cache, let fingerprint {
      switch cache.load(fingerprint: fingerprint, outputs: outputPaths) {
      case .hit(let report): return report
      case .miss: break
      case .unreadable(let warning): warnings.append(warning)
      }
    }

    // Taken before any cache entry changes: the record describes the run that wrote it.
    let entriesPath = cacheDirectory.map { ReusedEntries.path(directory: $0, moduleName: options.moduleName) }
    let taken = entriesPath.map { ReusedEntries.take(path: $0, analyzer: AnalyzerBinary.stamp) }
    if let warning = taken?.warning { warnings.append(warning) }
    let graph = cacheDirectory.flatMap { directory in
      writesGraph || checksGraph ? GraphFile.path(directory: directory, moduleName: options.moduleName) : nil
    }
    // Opened (for the oracles) and removed before any cache entry changes, as the interface's
    // record is: the file describes the run that wrote it, and a run that ends without
    // writing it (an input that cannot be analysed, several configurations) leaves none.
    let lastGraph = graph.flatMap { path in
      checksGraph || options.patchedGraph.on || options.changeIndex.oracle != nil
        ? GraphFile.Reader.opened(path: path, analyzer: AnalyzerBinary.stamp, moduleName: options.moduleName) : nil
    }
    if let warning = lastGraph?.warning { warnings.append(warning) }
    if let graph { unlink(graph) }
    var analysis = options
    analysis.keepsBodyEffects = false
    analysis.recordsGraphLoops = graph != nil
    let early = EarlyOutputs(
      interface: interfaceOutput, cached: entriesPath != nil, record: taken?.record ?? nil, supportFile: supportFileOutput)
    // The texts are searched after the analysis only when a file was added or is gone since
    // the last run's record (`ReprintedEntries.typeFactsChanged`); else the analysis lets
    // their bytes go once it has summarised the files.
    let texts = (taken?.record ?? nil).flatMap { record in record.paths == paths ? nil : sources }
    // Done before the per-file passes start: a worker still reading beside them would be a
    // third thread on two cores.
    readAhead?.value()
    let result = try Analyzer.analyze(
      analysis, sources: consume sources, cache: summaries, lastGraph: lastGraph?.reader ?? nil, early: early,
      keepsBytes: texts != nil)
    summaries?.save()
    summaries?.resolvedKeys.save()
    if let warning = summaries?.warning { warnings.append(warning) }
    // The graph's building and the cache's writing are done: their pages back before the
    // outputs; not in a re-check (`ReplayedFiles.mostReplayed`), where the outputs reuse them.
    if result.replayed?.mostReplayed != true { FreedMemory.release() }
    let graphWrite = graph.flatMap { path -> GraphFileWrite? in
      guard let diagnostics = result.graphDiagnostics, let replayed = result.replayed else { return nil }
      return GraphFileWrite(
        result, diagnostics: diagnostics, summaries: replayed.summaries, to: path, moduleName: options.moduleName,
        inputs: options.runInputs(), scheme: graphIDScheme)
    }
    defer { graphWrite?.wait() }
    let outputs = Self.render(
      result, format: format, interface: interfaceOutput, supportFile: supportFileOutput,
      cached: entriesPath != nil, record: taken?.record ?? nil, early: early, texts: texts)
    var report = Report(diagnostics: outputs.diagnostics, errorCount: result.errorCount)
    try outputs.interface?.stream.finish()
    report.interfaceEntries = outputs.interface?.plan.count
    report.keptOrder = outputs.interface?.plan.keptOrder ?? false
    if let entriesPath, let interface = outputs.interface, let reuse = interface.reuse, let replayed = result.replayed {
      report.reusedEntries = reuse.entries.copied
      report.renumberedEntries = reuse.entries.renumbered
      reuse.entries.save(
        path: entriesPath, analyzer: AnalyzerBinary.stamp, output: interface.stream.path,
        identity: interface.stream.identity, run: reuse.run, paths: result.paths, summaries: replayed.summaries,
        upstream: reuse.upstream, typeFacts: reuse.typeFacts, typeNames: reuse.typeNames, order: interface.plan.functions.map { ($0.file, $0.function) },
        links: interface.plan.linkFacts, linkedFiles: interface.plan.linkedFiles)
    }
    try outputs.supportFile?.finish()
    if let graph, let graphWrite {
      report.graphOracle = graphWrite.finish(checks: checksGraph, last: checksGraph ? lastGraph?.reader ?? nil : nil)
      if let reason = report.graphOracle?.unreadable { warnings.append(GraphFile.Reader.warning(graph, reason)) }
    }
    if let cache, let fingerprint { cache.store(report, outputs: outputPaths, fingerprint: fingerprint) }
    report.warnings = warnings
    if !releasesAnalysis {
      _ = Unmanaged.passRetained(Retained(result))
      // The plan's links, one array per function, took a hundredth of a re-check to free.
      if let plan = outputs.interface?.plan { _ = Unmanaged.passRetained(plan) }
      // The last run's record: 10,000 strings and three arrays of 65,000 numbers at 5,000
      // generated files, 5 M instructions to free.
      if let record = taken?.record { _ = Unmanaged.passRetained(Retained(record)) }
    }
    return report
  }

  /// The diagnostics, interface and support file. The interface is made on this thread:
  /// its links and entries are made per run on all cores, which only a `concurrentPerform`
  /// that is not inside another can do (`Beside`); the diagnostics and the support file,
  /// which only read the result, are made beside it. The interface and the support file go
  /// to their temporary files (`OutputFile.Stream`: compared with the old file until they
  /// differ) on the thread that makes them; the files are put in place afterwards, in order.
  ///
  /// With a cache (`cached`), where each entry went is kept for the next run, and with the
  /// last run's `record` the entries an edit cannot reach are copied from the last run's
  /// file (`ReprintedEntries`).
  ///
  /// What `early` made (`EarlyOutputs`: the listings, graph facts and the interface's file
  /// beside the solve, the order and the support file beside the diagnosis) is taken from
  /// it, not made again.
  private static func render(
    _ result: AnalysisResult, format: DiagnosticsFormat, interface: String?, supportFile: String?,
    cached: Bool, record: ReusedEntries.Record?, early: EarlyOutputs?, texts sources: [SourceText]?
  ) -> (
    diagnostics: String, interface: (stream: OutputFile.Stream, plan: InterfacePlan, reuse: Reuse?)?,
    supportFile: OutputFile.Stream?
  ) {
    let early = early?.isStarted == true ? early : nil
    // The support file is compared with the old one (`OutputFile.Stream`) on that thread too.
    let others = Beside { [early] in
      (result.renderDiagnostics(format), early != nil ? nil : supportFile.map { path in
        let stream = OutputFile.Stream(path: path)
        let bytes = result.supportFileBytes
        withExtendedLifetime(bytes) { stream.write(bytes.bytes) }
        return stream
      })
    }
    let written = interface.map { path -> (stream: OutputFile.Stream, plan: InterfacePlan, reuse: Reuse?) in
      let start = early?.madeInterfaceStart()
      var stream = start?.stream ?? OutputFile.Stream(path: path)
      // What the graph says, beside the functions' order (made on this thread alone): the
      // files each file read from, for the next run, and the nodes the edit reached, for
      // this one (which entries are linked and printed).
      let usable = start != nil ? start!.usable : record.flatMap { record in
        record.output == path && stream.oldIdentity == record.identity ? record : nil
      }
      let files = start != nil ? start!.files : usable.map { ReprintedEntries.FileMapping(old: $0.paths, new: result.paths) }
      let listings = early?.madeListings()
      let madeFacts = early?.madeGraphFacts()
      let graphFacts = !cached || result.replayed == nil ? nil : Beside {
        let nodeFiles = madeFacts?.nodeFiles ?? ReprintedEntries.NodeFiles(result.solved, fileCount: result.paths.count)
        let typeFacts = ReprintedEntries.typeFactsDigests(result, record: usable, files: files)
        // The texts the names of an added or gone file's facts are searched in, by summary index.
        let texts = sources.flatMap { sources in
          sources.count == result.paths.count && zip(sources, result.paths).allSatisfy({ $0.path == $1 }) ? sources : nil
        }
        let reached = usable.flatMap { record -> ReprintedEntries.Reached? in
          guard let files,
            !ReprintedEntries.typeFactsChanged(
              typeFacts.digests, names: typeFacts.names, record: record, files: files, sources: texts)
          else { return nil }
          return ReprintedEntries.reachedNodes(result, record: record, nodeFiles, files: files)
        }
        return (madeFacts?.upstream ?? ReprintedEntries.upstreamFiles(result.solved, nodeFiles), typeFacts, reached)
      }
      guard let graphFacts else {
        let plan = result.interfacePlan(result.interfaceOrder(keeping: nil, listings: listings))!
        InterfaceWriter.encode(plan, to: stream)
        return (stream, plan, Reuse?.none)
      }
      // The last run's order is kept where it is still sorted (`KeptOrder`); keys are
      // collected for the entries the plan links, not for those it copies.
      let order = early?.madeOrder() ?? result.interfaceOrder(
        keeping: usable.map { record in { KeptOrder(record: record, newFile: files!.new) } }, collectsKeys: false,
        listings: listings)
      let (upstream, typeFacts, reached) = graphFacts.value()
      // Only the entries printed anew are linked; the copied ones' link files and closure
      // types are the last run's, taken to their places in this run (`PositionRemap`).
      // Unless `closureTypes` then comes out as the last run's, with the other run-wide
      // inputs, every entry is linked and printed; `files` may differ (the copied entries'
      // numbers are rewritten, `EntryRenumbering`).
      let remap = usable.flatMap { PositionRemap(order.functions, record: $0, reached: reached) }
      var kept = remap.flatMap { remap in
        result.interfacePlan(order, kept: .init(remap: remap, last: usable!.links, newFile: reached!.files.new))
      }
      var run = kept.flatMap(ReprintedEntries.runInputs)
      if run == nil || run != usable?.run { kept = nil }
      var plan = kept ?? result.interfacePlan(order)!
      if kept == nil { run = ReprintedEntries.runInputs(plan) }
      var entries = ReusedEntries(count: plan.count)
      if let kept, let remap, let usable, let reached {
        let renumbering = EntryRenumbering(remap, lastFiles: usable.linkedFiles, newFile: reached.files.new, plan: kept)
        let (functions, names) = (kept.functions, order.names)
        let reuse = InterfaceWriter.Reuse(
          entries: entries, reprinted: remap.reprinted, ranges: usable.ranges, oldPositions: remap.oldPosition,
          renumbering: renumbering,
          names: { entry, nameAt, position in
            if let names { return names.names(of: entry, nameAt: nameAt, index: position) }
            let parts = result.nameParts(file: functions[position].file, index: functions[position].function)
            return EntryRenumbering.names(entry, nameAt: nameAt, type: parts.type, name: parts.baseName)
          })
        if !InterfaceWriter.encode(kept, to: stream, reuse: reuse) {
          // A copied entry that could not be renumbered (never seen): everything anew.
          (plan, stream, entries) = (result.interfacePlan(order)!, OutputFile.Stream(path: path), ReusedEntries(count: plan.count))
          run = ReprintedEntries.runInputs(plan)
          InterfaceWriter.encode(
            plan, to: stream, reuse: .init(entries: entries, reprinted: nil, ranges: [], oldPositions: [], renumbering: nil, names: nil))
        }
      } else {
        InterfaceWriter.encode(
          plan, to: stream, reuse: .init(entries: entries, reprinted: nil, ranges: [], oldPositions: [], renumbering: nil, names: nil))
      }
      return (
        stream, plan,
        Reuse(entries: entries, run: run, upstream: upstream, typeFacts: typeFacts.digests, typeNames: typeFacts.names)
      )
    }
    let (diagnostics, supportText) = others.value()
    return (diagnostics, written, early.map { $0.madeSupportFile() } ?? supportText)
  }

  /// What the interface's writing kept for the next run's record.
  private struct Reuse {
    var entries: ReusedEntries
    var run: ContentHash?
    var upstream: [[Int]]
    var typeFacts: [ContentHash]
    var typeNames: [String]
  }

  private final class Retained<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
#endif
