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
  }

  /// Writes the output files (whole or not at all) and returns the diagnostics.
  public func run() throws(AnalysisFailure) -> Report {
    let paths = Array(Set(options.sourcePaths)).sorted()
    let sources = try SourceReader.read(paths)
    let outputPaths = [interfaceOutput, supportFileOutput]
    let cache = cacheDirectory.map { ResultCache(directory: $0, moduleName: options.moduleName) }
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

    let summaries = cacheDirectory.map { SummaryCache(directory: $0, moduleName: options.moduleName) }
    var analysis = options
    analysis.keepsBodyEffects = false
    let result = try Analyzer.analyze(analysis, sources: sources, cache: summaries)
    summaries?.save()
    summaries?.resolvedKeys.save()
    if let warning = summaries?.warning { warnings.append(warning) }
    let outputs = Self.render(result, format: format, interface: interfaceOutput, supportFile: supportFileOutput != nil)
    var report = Report(diagnostics: outputs.diagnostics, errorCount: result.errorCount)
    try outputs.interface?.stream.finish()
    if let supportFileOutput, let supportFile = outputs.supportFile {
      try OutputFile.write(Data(supportFile.utf8), to: supportFileOutput)
    }
    if let cache, let fingerprint { cache.store(report, outputs: outputPaths, fingerprint: fingerprint) }
    report.warnings = warnings
    if !releasesAnalysis {
      _ = Unmanaged.passRetained(Retained(result))
      // The plan's links, one array per function, took a hundredth of a re-check to free.
      if let plan = outputs.interface?.plan { _ = Unmanaged.passRetained(plan) }
    }
    return report
  }

  /// The diagnostics, interface and support file. The interface is made on this thread:
  /// its links and entries are made per run on all cores, which only a `concurrentPerform`
  /// that is not inside another can do (`Beside`); the diagnostics and the support file,
  /// which only read the result, are made beside it. The interface goes to its temporary
  /// file as it is printed (`OutputFile.Stream`); the files are put in place afterwards, in order.
  private static func render(
    _ result: AnalysisResult, format: DiagnosticsFormat, interface: String?, supportFile: Bool
  ) -> (diagnostics: String, interface: (stream: OutputFile.Stream, plan: InterfacePlan)?, supportFile: String?) {
    let others = Beside { (result.renderDiagnostics(format), supportFile ? result.supportFile : nil) }
    let written = interface.map { path in
      let (stream, plan) = (OutputFile.Stream(path: path), result.interfacePlan)
      InterfaceWriter.encode(plan, to: stream)
      return (stream, plan)
    }
    let (diagnostics, supportText) = others.value()
    return (diagnostics, written, supportText)
  }

  private final class Retained<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
#endif
