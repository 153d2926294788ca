#if ImplicitsAnalysis
/// Scope-taking closures given to a struct's memberwise `init`: `Job(name: "ask", work: {
/// scope in … })` for `struct Job { let work: Step }` stores the closure in the property
/// of its label, as `job.work = { scope in … }` would, and it runs where that property is
/// called, with the caller's scope. The property's type says where the closure takes its
/// scope, so an untyped `scope` is one (before, it was taken for the enclosing scope's).
extension GraphBuilder {
  /// Marks `closure`, argument `argument` of `site`, a call of the memberwise `init` of
  /// `type`, as a closure of the property it is stored into, when that property's type is
  /// a scope-taking closure type (written out or an alias). A trailing closure is stored
  /// into the only such property no label of the call names.
  mutating func markMemberwiseClosure(_ closure: NodeID, of type: String, site: CallSite, argument: Int) {
    guard site.labels.indices.contains(argument) else { return }
    let label: String
    if let written = site.labels[argument], written != CallSite.trailingLabel {
      label = written
    } else if site.labels[argument] == CallSite.trailingLabel {
      let named = Set(site.labels.compactMap { $0 })
      let unnamed = aliases.propertyTypes.names(in: type).filter {
        !named.contains($0) && aliases.alias(ScopeClosureAliases.property($0, of: type), context: nil) != nil
      }
      guard unnamed.count == 1, let only = unnamed.first else { return }
      label = only
    } else {
      return
    }
    let property = ScopeClosureAliases.property(label, of: type)
    guard let stored = aliases.alias(property, context: nil) else { return }
    scopeClosurePositions[closure] = [stored.position]
    escapingScopeClosures.insert(closure)
    // Calls through a value of its alias reach it, and calls through the property: it
    // needs nothing where it is made.
    escapingClosureAliases[closure] = stored.name
    escapingClosureStores[closure] = [property]
  }
}
#endif
