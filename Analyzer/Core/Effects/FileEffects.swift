#if ImplicitsAnalysis
/// What the effects pass (`EffectCollector`) finds in the bodies of one file; `FileAnalyzer`
/// puts it into the `FileSummary`. A collector for a nested body (a closure, a local
/// function) returns its own, which the enclosing one takes in (`absorb`).
struct FileEffects {
  /// Body node → what it does, in source order.
  var bodies: [Int: [Effect]] = [:]
  /// `self.implicits = #implicits` in a body of a type.
  var assignedBags: [AssignedBag] = []
  var bagPasses: [BagPass] = []
  /// Calls of named closure wrappers.
  var closureWrappers: [ClosureWrapperSite] = []
  var diagnostics: [Diagnostic] = []

  mutating func absorb(_ inner: FileEffects) {
    bodies.merge(inner.bodies) { _, new in new }
    assignedBags += inner.assignedBags
    bagPasses += inner.bagPasses
    closureWrappers += inner.closureWrappers
    diagnostics += inner.diagnostics
  }
}
#endif
