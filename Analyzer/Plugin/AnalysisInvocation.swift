import Foundation
import PackagePlugin

/// The files one analysis writes. The support file is the command's declared output;
/// the interface is written beside it but not declared, because SwiftPM would bundle
/// an undeclared-type output as a resource of the target. Dependants order themselves
/// after a dependency through its support file, which the analyzer rewrites on every
/// run together with the interface.
struct AnalysisOutputs {
  let supportFile: URL
  let interface: URL

  init(directory: URL, moduleName: String) {
    supportFile = directory.appendingPathComponent("\(moduleName)+ImplicitsSupport.swift")
    interface = directory.appendingPathComponent("\(moduleName).implicitinterface")
  }
}

/// One `implicits-analyzer check` call: the command line of the analyzer contract
/// (`analyzer.md` §3), built from plain data so that the SwiftPM and Xcode entry points
/// share it.
struct AnalysisInvocation {
  struct Dependency {
    let moduleName: String
    let outputs: AnalysisOutputs
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
    for condition in conditions { arguments += ["--define", condition] }
    arguments += sources.map(\.path)
    return arguments
  }

  /// Inputs: the sources and each dependency's support file. A dependency that imports
  /// `Implicits` without applying the plugin has no support file, and the build stops
  /// with "missing inputs: …/<Dependency>/…/<Dependency>+ImplicitsSupport.swift", which
  /// names it (SwiftPM gives a plugin no way to see another target's plugins while it
  /// plans, so this cannot be caught earlier).
  func command(analyzer: URL) -> Command {
    .buildCommand(
      displayName: "Checking implicits in \(moduleName)",
      executable: analyzer,
      arguments: arguments,
      inputFiles: sources + dependencies.map(\.outputs.supportFile),
      outputFiles: [outputs.supportFile])
  }
}
