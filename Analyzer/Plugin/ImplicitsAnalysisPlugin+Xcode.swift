#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// Xcode project targets (as opposed to package targets).
///
/// Xcode tells a plugin a target's files but not which other targets it depends on, so a
/// target of an Xcode project is checked on its own: calls into another Xcode target's
/// implicit functions are not followed. Keep multi-module code that uses implicits in
/// packages, where the plugin reads every dependency's interface. Nor does it tell the
/// target's compilation conditions: no `--define` is passed, so custom flags count as
/// not set. Compiled only on macOS with Xcode; this project's Linux CI never builds it.
extension ImplicitsAnalysisPlugin: XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
    let moduleName = Self.moduleName(for: target.product?.name ?? target.displayName)
    let invocation = AnalysisInvocation(
      moduleName: moduleName,
      sources: target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url),
      dependencies: [],
      conditions: [],
      outputs: AnalysisOutputs(directory: context.pluginWorkDirectoryURL, moduleName: moduleName))
    try invocation.writeSourceList()
    return [invocation.command(analyzer: try context.tool(named: "implicits-analyzer").url)]
  }

  /// Xcode's default `PRODUCT_MODULE_NAME`: the product name with every character that
  /// cannot appear in an identifier replaced by `_`.
  static func moduleName(for productName: String) -> String {
    var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber ?? true { name = "_" + name }
    return name
  }
}
#endif
