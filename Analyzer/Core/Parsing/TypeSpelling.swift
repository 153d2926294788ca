#if ImplicitsAnalysis
/// Types as the analyzer spells them (`KeyInference.typeName`: `[String: Handler]`,
/// `(ImplicitScope, Int)`, `Handler?`), read without parsing: what a collection holds and
/// what a tuple's elements are.
enum TypeSpelling {
  /// The element type of `[E]`, `[K: V]` (V), `Array<E>`, `ContiguousArray<E>`, `Set<E>`,
  /// `Dictionary<K, V>` (V), optional or not.
  static func collectionElement(_ spelling: String) -> String? {
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

  /// What a value of type `spelling` holds through optionals and collections, as
  /// `SyntaxFacts.storedElement` reads a written type: `Step` of `[Step]`, `[String: Step]?`,
  /// `Optional<Step>`, `Array<Step>?`; the spelling itself if it is neither.
  static func storedElement(_ spelling: String) -> String {
    var type = spelling
    // A bound: a spelling is a few levels deep at most.
    for _ in 0..<8 {
      if type.hasSuffix("?") || type.hasSuffix("!") {
        type.removeLast()
      } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
        type = trimmed(type.dropFirst("Optional<".count).dropLast())
      } else if let element = collectionElement(type) {
        type = element
      } else {
        break
      }
    }
    return type
  }

  /// The elements of a tuple type `(ImplicitScope, Int)`, `(scope: ImplicitScope, id: Int)`.
  static func tupleElements(_ spelling: String) -> [(label: String?, type: String)] {
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
