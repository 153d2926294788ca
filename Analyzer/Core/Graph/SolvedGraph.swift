#if ImplicitsAnalysis
/// What the graph pass hands on: the requirement graph at its fixed point, where each
/// body, entry point, bag site and overload set sits in it, and the symbol table that
/// resolved the calls. Plain data: the builder and its working state stay in the pass.
struct SolvedGraph: Sendable {
  /// Solved: every node's requirements are final.
  let graph: RequirementGraph
  let symbols: SymbolTable
  /// Where each file's body nodes, entry points and bag sites sit in the graph.
  private let fileNodes: [FileNodes]
  /// Bag nodes that some code restores.
  let restoredBags: Set<NodeID>
  /// Bag nodes passed where the analyzer cannot see what is restored: they capture all.
  let captureAllBags: Set<NodeID>
  /// Calls resolved to several candidates.
  let overloadSets: [NodeID]
  /// What building the graph found wrong (unresolvable callees, unknown bags, …).
  let diagnostics: [Diagnostic]
  /// Per file, its turn of the per-file loop (`LoopRecord`), when the build recorded them
  /// (`GraphBuilder.recordsLoops`); empty otherwise.
  var loopRecords: [LoopRecord?] = []
  /// The last run's graph parts the graph file may copy (`PatchedCalls.reuse`), on a
  /// patched re-check.
  var reuse: GraphFile.Reuse?

  init(
    graph: RequirementGraph, symbols: SymbolTable, fileNodes: [FileNodes], restoredBags: Set<NodeID>,
    captureAllBags: Set<NodeID>, overloadSets: [NodeID], diagnostics: [Diagnostic]
  ) {
    self.graph = graph
    self.symbols = symbols
    self.fileNodes = fileNodes
    self.restoredBags = restoredBags
    self.captureAllBags = captureAllBags
    self.overloadSets = overloadSets
    self.diagnostics = diagnostics
  }

  /// Where `file`'s body nodes, entry points and bag sites sit in the graph.
  func nodes(of file: FileID) -> FileNodes { fileNodes[file.index] }

  var files: some Sequence<FileID> { fileNodes.indices.lazy.map(FileID.init) }
}

extension GraphBuilder {
  /// Pass 4: builds the module's graph from the file summaries and solves it, in the
  /// build configuration `conditions` takes.
  /// - Parameter built: handed the graph as built, before the solve, when its node ids are
  ///   the solved graph's (no `Renumbering`): for work that reads only nodes and edges and
  ///   can run beside the solve (`EarlyOutputs`). Its requirements are not there yet: asking
  ///   for them traps.
  static func solve(
    moduleName: String, files: [FileSummary], dependencies: [ModuleInterface], testable: Set<String>,
    aliases: ScopeClosureAliases, conditions: ConditionEvaluator, indexesSymbolsOnWorker: Bool = false,
    recording: ChangeIndex.Reads? = nil, patch: PatchedCalls? = nil, recordsLoops: Bool = false,
    built: ((SolvedGraph) -> Void)? = nil
  ) -> SolvedGraph {
    var builder = GraphBuilder(
      moduleName: moduleName, files: files, dependencies: dependencies, testable: testable, aliases: aliases,
      conditions: conditions)
    builder.indexesSymbolsOnWorker = indexesSymbolsOnWorker
    builder.recordsLoops = recordsLoops
    builder.recording = recording
    builder.patch = patch
    builder.build()
    if let patch, let report = patch.switches.oracle {
      var whole = GraphBuilder(
        moduleName: moduleName, files: files, dependencies: dependencies, testable: testable, aliases: aliases,
        conditions: conditions)
      whole.indexesSymbolsOnWorker = indexesSymbolsOnWorker
      whole.build()
      PatchedCalls.Oracle.report(patch, difference: PatchedCalls.Oracle.difference(builder, whole), to: report)
    }
    var graph = builder.graph
    // Tests only: ids shuffled before or after the solve (`Renumbering`).
    let renumbering = Renumbering.applied
    if let built, renumbering == nil {
      // The solve sets only the requirement tables and the dependents: this copy shares
      // the nodes and edges with the graph solved below.
      built(SolvedGraph(
        graph: graph, symbols: builder.symbols, fileNodes: builder.fileNodes, restoredBags: builder.restoredBags,
        captureAllBags: builder.captureAllBags, overloadSets: builder.overloadSets, diagnostics: builder.diagnostics))
    }
    // The dependents on a worker too when the symbols are (`GraphBuilder+ModuleSymbols`).
    if renumbering?.stage != .beforeSolve { graph.solve(dependentsOnWorker: indexesSymbolsOnWorker) }
    var solved = SolvedGraph(
      graph: graph, symbols: builder.symbols, fileNodes: builder.fileNodes, restoredBags: builder.restoredBags, captureAllBags: builder.captureAllBags,
      overloadSets: builder.overloadSets, diagnostics: builder.diagnostics)
    solved.loopRecords = builder.loopRecords
    solved.reuse = patch?.reuse
    return renumbering.map(solved.renumbered) ?? solved
  }
}
#endif
