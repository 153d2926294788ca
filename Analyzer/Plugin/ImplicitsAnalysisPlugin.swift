import PackagePlugin

/// Runs `implicits-analyzer check` on a target before it compiles.
@main
struct ImplicitsAnalysisPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    []
  }
}
