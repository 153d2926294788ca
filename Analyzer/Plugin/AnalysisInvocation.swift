import Foundation
import PackagePlugin

/// The files one analysis writes. The support file is the command's declared output;
/// the interface is written beside it but not declared, because SwiftPM would bundle
/// an output of unknown type as a resource of the target.
struct AnalysisOutputs {
  let supportFile: URL
  let interface: URL
  /// The source list, one path a line, passed as `@file`: a target with thousands of
  /// files would exceed the command-line length limit of some systems.
  let sourceList: URL
  /// The analyzer's per-file result cache, so an unchanged re-check is cheap.
  let cache: URL

  init(directory: URL, moduleName: String) {
    supportFile = directory.appendingPathComponent(ImplicitsNaming.supportFileName(module: moduleName))
    interface = directory.appendingPathComponent(ImplicitsNaming.interfaceFileName(module: moduleName))
    sourceList = directory.appendingPathComponent("\(moduleName).sources")
    cache = directory.appendingPathComponent("cache")
  }
}

/// One `implicits-analyzer check` call: the command line of the analyzer contract
/// (`analyzer.md` §3), built from plain data so that the SwiftPM and Xcode entry points
/// share it.
struct AnalysisInvocation {
  struct Dependency {
    let moduleName: String
    let outputs: AnalysisOutputs
    /// The dependency's own sources: its interface changes only when they do.
    let sources: [URL]
    /// Imported with `@testable` by some file of the analysed module.
    let isTestable: Bool
  }

  let moduleName: String
  let sources: [URL]
  let dependencies: [Dependency]
  let conditions: [String]
  let outputs: AnalysisOutputs

  var arguments: [String] {
    var arguments = ["check", "--module-name", moduleName]
    for dependency in dependencies {
      arguments += ["--dependency-interface", dependency.outputs.interface.path]
      if dependency.isTestable { arguments += ["--testable-dependency", dependency.moduleName] }
    }
    arguments += ["--interface-output", outputs.interface.path]
    arguments += ["--support-file-output", outputs.supportFile.path]
    arguments += ["--cache-dir", outputs.cache.path]
    for condition in conditions { arguments += ["--define", condition] }
    arguments.append("@" + outputs.sourceList.path)
    return arguments
  }

  /// Writes the source list the command line refers to; left untouched when unchanged.
  func writeSourceList() throws {
    let list = Data(sources.map { $0.path + "\n" }.joined().utf8)
    if FileManager.default.contents(atPath: outputs.sourceList.path) == list { return }
    try FileManager.default.createDirectory(
      at: outputs.sourceList.deletingLastPathComponent(), withIntermediateDirectories: true)
    try list.write(to: outputs.sourceList, options: .atomic)
  }

  /// Inputs: the source list and the sources, and for each dependency its support file
  /// and its sources.
  ///
  /// The support file orders this command after the dependency's analysis, which writes
  /// the interface we read. The dependency's sources make this command rerun whenever
  /// that interface may have changed: the analyzer keeps an output file untouched when
  /// its content is the same, so the support file's timestamp alone would miss a change
  /// that only affects the interface.
  ///
  /// A dependency that imports `Implicits` without applying the plugin has no support
  /// file, and the build stops with "missing inputs: …/<Dependency>/…/<Dependency>+
  /// ImplicitsSupport.swift", which names it (SwiftPM gives a plugin no way to see
  /// another target's plugins while it plans, so this cannot be caught earlier).
  func command(analyzer: URL) -> Command {
    .buildCommand(
      displayName: "Checking implicits in \(moduleName)",
      executable: analyzer,
      arguments: arguments,
      inputFiles: [outputs.sourceList] + sources
        + dependencies.flatMap { [$0.outputs.supportFile] + $0.sources },
      outputFiles: [outputs.supportFile])
  }
}
