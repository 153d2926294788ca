#if ImplicitsAnalysis
/// `archive.onTap = feed.onTap`: a stored property of a scope-taking closure type set to
/// what another one holds (directly, through a local bound to it, or as an operand of
/// `??`). Calls through `to` then run the closures stored into `from`.
struct ClosureCopy: Sendable {
  /// Both as `ScopeClosureAliases.property(_:of:)` names them while the file is read
  /// (`FeedCell#onTap`), and, once every file is read, as `ScopeClosureAliases.alias`
  /// resolves them (`FeedCell#onTap` for a written-out closure type, `TapHandler` for an
  /// alias-typed property).
  var from: String
  var to: String
  /// The type whose body makes the copy, for the lexical lookup of the owners' names.
  var context: String?
}
#endif
