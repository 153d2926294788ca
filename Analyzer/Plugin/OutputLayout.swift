import Foundation
import PackagePlugin

/// Where the plugin's outputs for any target of the build live.
///
/// SwiftPM gives each (target, plugin) pair its own work directory,
/// `<scratch>/plugins/outputs/<package id>/<target>/destination/<plugin>` (older
/// toolchains leave out `destination`). A target finds the outputs of a dependency by
/// putting the dependency's package and target into its own path, so every target
/// agrees on every other target's paths without any shared state.
struct OutputLayout {
  /// The path components up to (excluding) the package id.
  private let root: URL
  /// The components after the target name (`destination/ImplicitsAnalysisPlugin`).
  private let tail: [String]
  /// The analysed package's directory name in the layout.
  private let ownPackage: String
  /// Directory name of the package of every target reachable from the analysed package.
  private let packageOfTarget: [Target.ID: String]

  init(workDirectory: URL, target: Target, package: Package) throws {
    let components = workDirectory.standardizedFileURL.pathComponents
    // The target's own name, searched from the end: at most two components follow it.
    guard
      let index = components.indices.reversed().prefix(3).first(where: { components[$0] == target.name }),
      index >= 2
    else {
      throw LayoutError(workDirectory: workDirectory, target: target.name)
    }
    var root = URL(fileURLWithPath: "/")
    for component in components[1..<(index - 1)] { root.appendPathComponent(component) }
    self.root = root
    tail = Array(components[(index + 1)...])
    ownPackage = components[index - 1]
    packageOfTarget = Self.packages(from: package, ownDirectoryName: ownPackage)
  }

  /// The outputs of `target`, which may belong to another package of the graph.
  func outputs(of target: SwiftSourceModuleTarget) -> AnalysisOutputs {
    let packageID = packageOfTarget[target.id] ?? ownPackage
    var directory = root.appendingPathComponent(packageID).appendingPathComponent(target.name)
    for component in tail { directory.appendPathComponent(component) }
    return AnalysisOutputs(directory: directory, moduleName: target.moduleName)
  }

  /// Maps every target of `package` and of its dependencies to the directory name of
  /// its package. The analysed package's name is taken from the work directory itself
  /// (`ownDirectoryName`), the others from their package identity.
  private static func packages(from package: Package, ownDirectoryName: String) -> [Target.ID: String] {
    var result: [Target.ID: String] = [:]
    var visited: Set<Package.ID> = []
    func visit(_ package: Package, name: String) {
      guard visited.insert(package.id).inserted else { return }
      for target in package.targets where result[target.id] == nil { result[target.id] = name }
      for dependency in package.dependencies { visit(dependency.package, name: dependency.package.id) }
    }
    visit(package, name: ownDirectoryName)
    return result
  }
}

struct LayoutError: Error, CustomStringConvertible {
  let workDirectory: URL
  let target: String
  var description: String {
    "ImplicitsAnalysisPlugin does not recognise the plugin work directory '\(workDirectory.path)' "
      + "of target '\(target)'; please report this with your Swift version"
  }
}
