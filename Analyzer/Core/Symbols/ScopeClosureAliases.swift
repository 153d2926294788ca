#if ImplicitsAnalysis
/// Typealiases of closure types that take a scope, from every file of the module
/// (`typealias Handler = (Request, ImplicitScope) -> Response`): a parameter written with
/// such a name takes a scope closure, as if the type were written out.
///
/// Apart from `KeyResolver` because it is asked for every file on every run, also when a
/// file's resolved keys are replayed from the cache: building it reads only the aliases.
struct ScopeClosureAliases: Sendable {
  /// Full name → the scope's position among the closure's parameters.
  private var positions: [String: Int] = [:]

  init(files: [FileSummary]) {
    for summary in files {
      for (name, position) in summary.declarations.scopeClosureAliases { positions[name] = position }
    }
  }

  /// For a parameter type written `name` in a member of `context`: the position of the
  /// scope among the parameters of the closure type it aliases, found like Swift's lexical
  /// lookup (`Router.Handler` inside `Router`, then `Handler`).
  func position(ofAlias name: String, context: String?) -> Int? {
    alias(name, context: context)?.position
  }

  /// The alias a type written `name` in `context` names, by its full name (calls through
  /// a value of it reach the closures made as it), and the scope's position.
  func alias(_ name: String, context: String?) -> (name: String, position: Int)? {
    guard !positions.isEmpty else { return nil }
    var scope = context
    while let type = scope {
      if let position = positions[type + "." + name] { return (type + "." + name, position) }
      scope = type.lastIndex(of: ".").map { String(type[..<$0]) }
    }
    return positions[name].map { (name, $0) }
  }
}
#endif
