#if ImplicitsAnalysis
/// Names and scopes visible at a point of a body.
struct LexicalEnvironment {
  var scopes: Set<String> = []
  var bags: [String: Int] = [:]
  var variableTypes: [String: String] = [:]
  /// Parameters of the enclosing function holding non-escaping closures that take a scope.
  var scopeClosures: [String: Int] = [:]
  /// Closure parameters that are scopes only if the closure takes one (see `BodyNode`).
  var tentativeScopes: Set<String> = []
  var deferredEnds: [(name: String, location: SourceLoc, uncertain: Bool)] = []

  func enteringBlock() -> LexicalEnvironment {
    var copy = self
    copy.deferredEnds = []
    return copy
  }
}
#endif
