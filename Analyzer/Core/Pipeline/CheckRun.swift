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
    summaries?.removeUnused()
    summaries?.resolvedKeys.save()
    if let warning = summaries?.warning { warnings.append(warning) }
    let outputs = Self.render(result, format: format, interface: interfaceOutput, supportFile: supportFileOutput != nil)
    var report = Report(diagnostics: outputs.diagnostics, errorCount: result.errorCount)
    try outputs.interface?.finish()
    if let supportFileOutput, let supportFile = outputs.supportFile {
      try OutputFile.write(Data(supportFile.utf8), to: supportFileOutput)
    }
    if let cache, let fingerprint { cache.store(report, outputs: outputPaths, fingerprint: fingerprint) }
    report.warnings = warnings
    if !releasesAnalysis { _ = Unmanaged.passRetained(Retained(result)) }
    return report
  }

  /// The diagnostics, interface and support file, each made on its own core: they only
  /// read the result, and in a cached re-check after an edit they are a third of the
  /// time, all on one core when made in turn. The interface goes to its temporary file
  /// as it is printed (`OutputFile.Stream`); the files are put in place afterwards, in order.
  private static func render(
    _ result: AnalysisResult, format: DiagnosticsFormat, interface: String?, supportFile: Bool
  ) -> (diagnostics: String, interface: OutputFile.Stream?, supportFile: String?) {
    let diagnostics = Slots<String>(count: 1)
    let interfaceStream = interface.map(OutputFile.Stream.init(path:))
    let supportText = Slots<String>(count: 1)
    DispatchQueue.concurrentPerform(iterations: 3) { part in
      switch part {
      case 0: diagnostics[0] = result.renderDiagnostics(format)
      case 1: if let interfaceStream { InterfaceWriter.encode(result.interfacePlan, to: interfaceStream) }
      default: if supportFile { supportText[0] = result.supportFile }
      }
    }
    return (diagnostics[0]!, interfaceStream, supportText.take(0))
  }

  private final class Retained {
    let value: AnalysisResult
    init(_ value: AnalysisResult) { self.value = value }
  }
}
#endif
