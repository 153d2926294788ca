#if ImplicitsAnalysis
/// What the effects pass (`EffectCollector`) finds in the bodies of one file; `FileAnalyzer`
/// puts it into the `FileSummary`.
struct FileEffects {
  /// Body node → what it does, in source order.
  var bodies: [Int: [Effect]] = [:]
  /// `self.implicits = #implicits` in a body of a type.
  var assignedBags: [AssignedBag] = []
  var bagPasses: [BagPass] = []
  /// Calls of named closure wrappers.
  var closureWrappers: [ClosureWrapperSite] = []
  var diagnostics: [Diagnostic] = []
}
#endif
