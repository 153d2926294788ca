#if ImplicitsAnalysis
import Foundation

/// What `check` prints and writes.
public struct CheckOutputs: Codable, Sendable {
  public var diagnostics: String
  public var interface: Data
  public var supportFile: Data
  public var errorCount: Int
}

/// `check`: analysis plus outputs, reusing the cached outputs when no input changed.
public struct CheckRun: Sendable {
  let options: AnalysisOptions
  let format: DiagnosticsFormat
  let cacheDirectory: String?
  let writesInterface: Bool
  let writesSupportFile: Bool

  public init(
    options: AnalysisOptions, format: DiagnosticsFormat, writesInterface: Bool,
    writesSupportFile: Bool, cacheDirectory: String?
  ) {
    self.options = options
    self.format = format
    self.cacheDirectory = cacheDirectory
    self.writesInterface = writesInterface
    self.writesSupportFile = writesSupportFile
  }

  public func outputs() throws(AnalysisFailure) -> CheckOutputs {
    let paths = Array(Set(options.sourcePaths)).sorted()
    let sources = try SourceReader.read(paths)
    let cache = cacheDirectory.map { ResultCache(directory: $0, moduleName: options.moduleName) }
    let fingerprint = cache.map { _ in ResultCache.fingerprint(
        options: options, outputs: "\(format.rawValue) \(writesInterface) \(writesSupportFile)", sources: sources) }
    if let cache, let fingerprint, let hit = cache.load(fingerprint: fingerprint) { return hit }
    let result = try Analyzer.analyze(options, sources: sources)
    let outputs = CheckOutputs(
      diagnostics: result.renderDiagnostics(format),
      interface: writesInterface ? result.interface.encoded() : Data(),
      supportFile: writesSupportFile ? Data(result.supportFile.utf8) : Data(), errorCount: result.errorCount)
    if let cache, let fingerprint { cache.store(outputs, fingerprint: fingerprint) }
    return outputs
  }
}
#endif
