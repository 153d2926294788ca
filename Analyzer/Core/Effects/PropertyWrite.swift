#if ImplicitsAnalysis
/// `handler = compose(route)`, `self.handler = { … }`: an assignment to a stored property,
/// the value a call's result (`call`), a closure literal (`closure`) or anything else
/// (neither). A property of a scope-taking closure alias that only the module sets, and
/// only to closure literals and results of functions returning closure literals, holds
/// those closures (`GraphBuilder+ResultProperties`); one write of another kind leaves its
/// calls reaching every closure of the alias.
struct PropertyWrite: Sendable {
  /// As `ScopeClosureAliases.property(_:of:)` names it while the file is read (`Server#handler`).
  var property: String
  var call: CallSite?
  /// Where the closure literal it is set to is made (`handler = { request, scope in … }`).
  var closure: SourceLoc?
  /// The type whose body writes it, for the lexical lookup of the owner's name.
  var context: String?
  var location: SourceLoc
}
#endif
