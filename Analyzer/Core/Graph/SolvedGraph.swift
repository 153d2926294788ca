#if ImplicitsAnalysis
/// What the graph pass hands on: the requirement graph at its fixed point, where each
/// body, entry point, bag site and overload set sits in it, and the symbol table that
/// resolved the calls. Plain data: the builder and its working state stay in the pass.
struct SolvedGraph: Sendable {
  /// Solved: every node's requirements are final.
  let graph: RequirementGraph
  let symbols: SymbolTable
  /// Global node of each file's body nodes / entry points / bag sites.
  let bodyNodes: [[Int]]
  let entryNodes: [[Int]]
  let bagNodes: [[Int]]
  /// Bag nodes that some code restores.
  let restoredBags: Set<Int>
  /// Bag nodes passed where the analyzer cannot see what is restored: they capture all.
  let captureAllBags: Set<Int>
  /// Calls resolved to several candidates.
  let overloadSets: [Int]
  /// What building the graph found wrong (unresolvable callees, unknown bags, …).
  let diagnostics: [Diagnostic]
}

extension GraphBuilder {
  /// Pass 4: builds the module's graph from the file summaries and solves it.
  static func solve(
    moduleName: String, files: [FileSummary], dependencies: [ModuleInterface], testable: Set<String>
  ) -> SolvedGraph {
    var builder = GraphBuilder(moduleName: moduleName, files: files, dependencies: dependencies, testable: testable)
    builder.build()
    var graph = builder.graph
    graph.solve()
    return SolvedGraph(
      graph: graph, symbols: builder.symbols, bodyNodes: builder.bodyNodes, entryNodes: builder.entryNodes,
      bagNodes: builder.bagNodes, restoredBags: builder.restoredBags, captureAllBags: builder.captureAllBags,
      overloadSets: builder.overloadSets, diagnostics: builder.diagnostics)
  }
}
#endif
