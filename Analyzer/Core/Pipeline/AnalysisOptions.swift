#if ImplicitsAnalysis
/// The inputs of one analysis, as the `check`, `graph` and `explain` commands take them.
public struct AnalysisOptions: Sendable, Hashable {
  public var moduleName: String
  public var sourcePaths: [String]
  public var dependencyInterfaces: [String] = []
  public var testableDependencies: [String] = []
  public var defines: [String] = []
  public var enableExporting = false
  /// Whether each body's effects stay in the result once its scope frames are simulated.
  /// Only `graph` and `explain` read them afterwards; `check` sets `false`, and the
  /// effects, about a tenth of the heap at its peak, are freed file by file.
  public var keepsBodyEffects = true
  /// The hidden change index and its oracle (`ChangeIndex+Run`), from the environment
  /// unless a test sets them.
  var changeIndex = HiddenSwitch.changeIndex
  /// The hidden patched graph build and its oracle (`PatchedCalls`), from the environment
  /// unless a test sets them.
  var patchedGraph = HiddenSwitch.patchedGraph
  /// Whether the graph build records each file's turn of its per-file loop (`LoopRecord`):
  /// set by a cached run that writes the graph file, where a later run replays them.
  var recordsGraphLoops = false

  public init(moduleName: String, sourcePaths: [String]) {
    self.moduleName = moduleName
    self.sourcePaths = sourcePaths
  }
}

/// Input that cannot be analysed at all (exit status 2). The message names the file.
extension AnalysisOptions {
  /// A digest of everything a check reads that is not its sources: the module name,
  /// exporting, defines, testable dependencies and each dependency interface's path and
  /// bytes. A graph file (`GraphFile`) or change index (`ChangeIndex`) made under other
  /// inputs is not this run's, whatever its files. A function, not a property: it reads
  /// the interfaces.
  func runInputs() -> ContentHash {
    var hash = ContentHash()
    hash.add(moduleName)
    hash.add(enableExporting ? "exporting" : "")
    for define in Set(defines).sorted() { hash.add("D" + define) }
    for name in Set(testableDependencies).sorted() { hash.add("T" + name) }
    for interface in dependencyInterfaces {
      hash.add("I" + interface)
      hash.add(bytes: CacheFrames.contents(of: interface) ?? [])
    }
    return hash
  }
}

public struct AnalysisFailure: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(description: String) { self.description = description }
}
#endif
