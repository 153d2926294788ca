#if ImplicitsAnalysis
/// Everything the per-file passes learn about one file; plain data, no syntax.
struct FileSummary: Sendable {
  var path: String
  /// Functions, types, named keys, imports. Names of `defaultedTypes` are resolved by
  /// `FileAnalyzer.simulate`: reads of their type keys are always provided.
  var declarations = FileDeclarations()
  var nodes: [BodyNode] = []
  var bagSites: [BagSite] = []
  /// `self.implicits = #implicits` in a body of a type: a stored bag assigned there.
  var assignedBags: [AssignedBag] = []
  /// `archive.onTap = feed.onTap`: closure properties set from others, resolved to alias
  /// names by `FileAnalyzer.simulate`.
  var closureCopies: [ClosureCopy] = []
  /// Assignments to stored properties (`handler = compose(route)`), as written.
  var propertyWrites: [PropertyWrite] = []
  var entries: [EntryPoint] = []
  var restores: [BagRestore] = []
  var bagPasses: [BagPass] = []
  /// Calls of named closure wrappers (`withCheckoutImplicits { … }`).
  var closureWrappers: [ClosureWrapperSite] = []
  var contributions: [Contribution] = []
  var diagnostics: [Diagnostic] = []
  /// What the syntax rules (`Rules/`) found: they read every clause of an undecided
  /// `#if`, so they run once, not per build configuration.
  var ruleDiagnostics: [Diagnostic] = []
  /// Attributes written outside `@Implicit` that may be property wrappers: which are is
  /// known once every file is read (`ImplicitDeclarationRule.outermostDiagnostics`).
  var attributesOutsideImplicit: [AttributeOutsideImplicit] = []
  /// The `#if` clauses written with conditions the analyzer cannot decide
  /// (`UndecidedConditions`), in source order.
  var undecidedConditions: [ConditionSite] = []
  /// Closure nodes that stand for a function named as a value (`run(handleTap, scope)`,
  /// `EffectCollector+FunctionValues`) → the call each makes: where the graph cannot tell
  /// from the context where the closure takes its scope, the function it names tells.
  var functionValues: [Int: CallSite] = [:]
  /// The nodes' effects as `SummaryCache` read them, not decoded yet (`CacheCodable`):
  /// `nil` once they are in the nodes, and for a summary not read from the cache.
  var deferredEffects: [UInt8]?
}
#endif
