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
    return collectionElement(spelling).map(isScope(spelling:)) == true
      || tupleElements(spelling).contains { isScope(spelling: $0.type) }
  }

  /// `scopes[i]`, `scopes["key"]`, of a collection of scopes.
  static func subscriptIsScope(of spelling: String) -> Bool {
    collectionElement(spelling).map(isScope(spelling:)) == true
  }

  /// `scopes.first`, `scopes.last` of a collection of scopes; `pair.0`, `pair.scope` of a
  /// tuple whose element there is a scope.
  static func memberIsScope(_ member: String, of spelling: String) -> Bool {
    if member == "first" || member == "last" { return subscriptIsScope(of: spelling) }
    let elements = tupleElements(spelling)
    if let index = Int(member) { return elements.indices.contains(index) && isScope(spelling: elements[index].type) }
    return elements.contains { $0.label == member && isScope(spelling: $0.type) }
  }

  /// The element type of `[E]`, `[K: V]` (V), `Array<E>`, `ContiguousArray<E>`, `Set<E>`,
  /// `Dictionary<K, V>` (V), optional or not.
  private static func collectionElement(_ spelling: String) -> String? {
    var type = Substring(spelling)
    if type.hasSuffix("?") || type.hasSuffix("!") { type = type.dropLast() }
    if type.hasPrefix("["), type.hasSuffix("]") {
      let inner = type.dropFirst().dropLast()
      let parts = topLevel(inner, separator: ":")
      return parts.count == 2 ? trimmed(parts[1]) : parts.count == 1 ? trimmed(parts[0]) : nil
    }
    for generic in ["Array<", "ContiguousArray<", "Set<", "Dictionary<"] where type.hasPrefix(generic) && type.hasSuffix(">") {
      let arguments = topLevel(type.dropFirst(generic.count).dropLast(), separator: ",")
      return arguments.last.map(trimmed)
    }
    return nil
  }

  /// The elements of a tuple type `(ImplicitScope, Int)`, `(scope: ImplicitScope, id: Int)`.
  private static func tupleElements(_ spelling: String) -> [(label: String?, type: String)] {
    var type = Substring(spelling)
    if type.hasSuffix("?") || type.hasSuffix("!") { type = type.dropLast() }
    guard type.hasPrefix("("), type.hasSuffix(")"), !type.contains("->") else { return [] }
    let elements = topLevel(type.dropFirst().dropLast(), separator: ",")
    guard elements.count > 1 else { return [] }
    return elements.map { element in
      let parts = topLevel(element, separator: ":")
      return parts.count == 2 ? (trimmed(parts[0]), trimmed(parts[1])) : (nil, trimmed(element))
    }
  }

  /// `text` split at `separator` outside brackets, parentheses and angle brackets.
  private static func topLevel(_ text: Substring, separator: Character) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      switch text[index] {
      case "[", "(", "<": depth += 1
      case "]", ")", ">": depth -= 1
      case separator where depth == 0:
        parts.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    parts.append(text[start...])
    return parts
  }

  private static func trimmed(_ text: Substring) -> String {
    String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
#endif
