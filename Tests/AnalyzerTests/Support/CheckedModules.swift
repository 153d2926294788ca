#if ImplicitsAnalysis
import Foundation
@testable import ImplicitsAnalysis

/// Modules checked in order, each depending on the interfaces of those before it, as the
/// exactness tests take them: the generated benchmark module, the incremental app corpus,
/// `Examples/Sources`, and directory fixtures.
struct CheckedModules: CustomStringConvertible, Sendable {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  var description: String
  var modules: [Fixture.Module]

  /// Every `.swift` file of `directory`, sorted.
  static func swiftFiles(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }
  }

  static var appCorpus: CheckedModules {
    CheckedModules(
      description: "app corpus",
      modules: [.init(name: "App", files: swiftFiles(in: repository.path + "/Tests/Incremental/Corpus/App"))])
  }

  static var examples: CheckedModules {
    CheckedModules(
      description: "Examples",
      modules: ["ShopCore", "ShopFeatures", "ShopApp"].map {
        .init(name: $0, files: swiftFiles(in: repository.path + "/Examples/Sources/" + $0))
      })
  }

  static func fixture(_ name: String) -> CheckedModules {
    CheckedModules(description: "fixture " + name, modules: Fixture(name: name).modules)
  }

  /// `generate-module.py` into `directory` (a module named `Bench`).
  static func generated(files: Int, errors: Int, in directory: String) throws -> CheckedModules {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repository.path + "/Benchmarks/Analyzer/generate-module.py", directory, "--files", "\(files)",
      "--errors", "\(errors)",
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw AnalysisFailure(description: "generate-module.py failed") }
    return CheckedModules(
      description: "generated \(files) files", modules: [.init(name: "Bench", files: swiftFiles(in: directory))])
  }

  /// Each module's options, its dependencies' interfaces at `interfaces`.
  func options(_ module: Fixture.Module, interfaces: [String]) -> AnalysisOptions {
    var options = AnalysisOptions(moduleName: module.name, sourcePaths: module.files)
    options.dependencyInterfaces = interfaces
    options.defines = Fixture.directives("analyzer-define", in: module.files)
    options.enableExporting = Fixture.directives("analyzer-flag", in: module.files).contains("enable-exporting")
    let texts = module.files.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
    options.testableDependencies = modules.map(\.name).filter { name in
      texts.contains { $0.contains("@testable import \(name)") }
    }
    return options
  }

  /// What `check` prints and writes for each module (diagnostics, then the interface's and
  /// the support file's bytes), the outputs written to `directory`, cold.
  func outputs(in directory: String) throws -> [[UInt8]] {
    var interfaces: [String] = []
    var outputs: [[UInt8]] = []
    for module in modules {
      let interface = directory + "/" + module.name + ".implicitinterface"
      let support = directory + "/" + module.name + "+ImplicitsSupport.swift"
      let report = try CheckRun(
        options: options(module, interfaces: interfaces), format: .text, interfaceOutput: interface,
        supportFileOutput: support, cacheDirectory: nil
      ).run()
      outputs.append(Array(report.diagnostics.utf8))
      for path in [interface, support] { outputs.append(Array(FileManager.default.contents(atPath: path) ?? Data())) }
      interfaces.append(interface)
    }
    return outputs
  }
}
#endif
