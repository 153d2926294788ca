#if ImplicitsAnalysis
/// Scopes kept in a collection or a tuple (`scopes: [ImplicitScope]`, `pair: (ImplicitScope,
/// Int)`): an element read out of one (`scopes[0]`, `scopes.first!`, `pair.0`) is a scope
/// the analyzer did not see created or received, as a stored one is.
extension ScopeType {
  /// Whether a type as the analyzer spells it (`KeyInference.typeName`) holds scopes: a
  /// collection of them or a tuple with one. On bytes, as `isScope(spelling:)`: every `let`
  /// with a known type asks this, and a spelling without the name is answered by one scan.
  static func holdsScopes(spelling: String) -> Bool {
    guard spelling.utf8.count > name.utf8.count, spelling.utf8.contains(UInt8(ascii: "S")),
      spelling.contains(name)
    else { return false }
    return TypeSpelling.collectionElement(spelling).map(isScope(spelling:)) == true
      || TypeSpelling.tupleElements(spelling).contains { isScope(spelling: $0.type) }
  }

  /// `scopes[i]`, `scopes["key"]`, of a collection of scopes.
  static func subscriptIsScope(of spelling: String) -> Bool {
    TypeSpelling.collectionElement(spelling).map(isScope(spelling:)) == true
  }

  /// `scopes.first`, `scopes.last` of a collection of scopes; `pair.0`, `pair.scope` of a
  /// tuple whose element there is a scope.
  static func memberIsScope(_ member: String, of spelling: String) -> Bool {
    if member == "first" || member == "last" { return subscriptIsScope(of: spelling) }
    let elements = TypeSpelling.tupleElements(spelling)
    if let index = Int(member) { return elements.indices.contains(index) && isScope(spelling: elements[index].type) }
    return elements.contains { $0.label == member && isScope(spelling: $0.type) }
  }
}
#endif
