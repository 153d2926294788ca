#if ImplicitsAnalysis
/// `archive.onTap = feed.onTap`: a stored property of a scope-taking closure type set to
/// what another one holds (directly, through a local bound to it, or as an operand of
/// `??`), or `share(feed.onTap)`: one handed to a function, which may store its parameter
/// into a property (`archive.onTap = handler`, `ParameterInfo.storedAlias`). Calls through
/// the target then run the closures stored into `from`.
struct ClosureCopy: Sendable {
  /// Where the closures go.
  enum Target: Sendable {
    /// A property, named as `from` is.
    case property(String)
    /// Argument number `index` (in `CallSite.labels` order) of a call.
    indirect case argument(CallSite, index: Int)
  }

  /// As `ScopeClosureAliases.property(_:of:)` names it while the file is read
  /// (`FeedCell#onTap`), and, once every file is read, as `ScopeClosureAliases.alias`
  /// resolves it (`FeedCell#onTap` for a written-out closure type, `TapHandler` for an
  /// alias-typed property); so is a `.property` target.
  var from: String
  var to: Target
  /// The type whose body makes the copy, for the lexical lookup of the owners' names.
  var context: String?
  /// The copy, for the note that says how a closure got where it is called.
  var location: SourceLoc
}
#endif
