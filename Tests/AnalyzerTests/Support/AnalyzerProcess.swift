#if ImplicitsAnalysis
import Foundation

/// Runs the built `implicits-analyzer` executable.
enum AnalyzerProcess {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static var executable: URL {
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(),
    ].compactMap { $0 }
    for directory in candidates {
      let url = directory.appendingPathComponent("implicits-analyzer")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/implicits-analyzer")
  }

  private final class Marker {}

  /// - Parameter analyzer: another copy of the analyzer to run instead of the built one.
  ///
  /// A copy made while other tests spawn processes can be held open for writing by a child
  /// forked before the copy was closed (the copy's descriptor is not close-on-exec), and
  /// exec then fails with ETXTBSY ("Text file busy") until that child exits: retried for up
  /// to ten seconds, as Go's os/exec advises.
  static func run(_ arguments: [String], in directory: URL? = nil, analyzer: URL? = nil) throws -> Output {
    var attempts = 0
    while true {
      do {
        return try runOnce(arguments, in: directory, analyzer: analyzer)
      } catch let error as NSError where attempts < 200 && isTextFileBusy(error) {
        attempts += 1
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }

  private static func isTextFileBusy(_ error: NSError) -> Bool {
    if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
    return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
  }

  private static func runOnce(_ arguments: [String], in directory: URL?, analyzer: URL?) throws -> Output {
    let process = Process()
    process.executableURL = analyzer ?? executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// A scratch directory removed at deinit.
final class ScratchDirectory {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("implicits-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = url.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
#endif
