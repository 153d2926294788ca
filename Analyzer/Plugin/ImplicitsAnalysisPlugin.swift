import Foundation
import PackagePlugin

/// Runs `implicits-analyzer check` on a target before it compiles.
///
/// Per target, one build command reads the target's Swift sources and the interfaces
/// of the dependency targets that import `Implicits`, and writes
/// - `<Module>+ImplicitsSupport.swift`, compiled into the target: named-key accessors,
///   the `__implicitsBag(site:)` that answers every `#implicits` of the module; and
/// - `<Module>.implicitinterface`, read by the targets that depend on this one.
///
/// The analyzer prints its findings as `file:line:column: error: …`, which `swift build`
/// and Xcode show at the source line; an error fails the command and so the build.
@main
struct ImplicitsAnalysisPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else {
      Diagnostics.warning(
        "ImplicitsAnalysisPlugin analyses Swift targets only; '\(target.name)' is not one, so it is skipped")
      return []
    }
    let layout = try OutputLayout(
      workDirectory: context.pluginWorkDirectoryURL, target: target, package: context.package)
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
    let imports = ImportScan(files: sources)
    let dependencies = module.recursiveTargetDependencies
      .compactMap { $0 as? SwiftSourceModuleTarget }
      .filter { $0.kind != .macro }
      // The library's own test support declares no implicit functions or keys and is not
      // built with the plugin: it has no interface to read.
      .filter { $0.moduleName != "ImplicitsTesting" }
      .compactMap { dependency -> AnalysisInvocation.Dependency? in
        let sources = dependency.sourceFiles(withSuffix: "swift").map(\.url)
        guard ImportScan(files: sources).importsImplicits else { return nil }
        return AnalysisInvocation.Dependency(
          moduleName: dependency.moduleName,
          outputs: layout.outputs(of: dependency),
          sources: sources,
          isTestable: imports.testableModules.contains(dependency.moduleName))
      }
    let invocation = AnalysisInvocation(
      moduleName: module.moduleName,
      sources: sources,
      dependencies: dependencies,
      conditions: module.compilationConditions,
      outputs: layout.outputs(of: module))
    try invocation.writeSourceList()
    return [try invocation.command(analyzer: context.tool(named: "implicits-analyzer").url)]
  }
}
