#if ImplicitsAnalysis
/// A key as the per-file passes read it, before the module is known: a spelling (a type
/// key in canonical spelling, `\.name`), or the type of a value that depends on
/// declarations elsewhere (`ValueKey`), which `KeyResolver` looks up once every file is
/// read. Carried as a value from the declaration to the resolver: building it as a string
/// and parsing it again cost ~8,000 instructions per `@Implicit var x = T()`.
/// After `FileAnalyzer.simulate`, every key of a summary is `.spelled`.
enum WrittenKey: Hashable, Sendable {
  case spelled(KeyName)
  /// Boxed: a `ValueKey` inline would make every `Effect` as large as one.
  indirect case value(ValueKey)

  /// The key's spelling; a value's key printed in a form for people and digests (only
  /// before resolution: afterwards every key is spelled).
  var spelling: KeyName {
    switch self {
    case .spelled(let spelling): spelling
    case .value(let value): value.description
    }
  }

  /// The key after `?` (`try?`: optional) or `!` (unwrapped).
  func wrapped(_ operation: Character) -> WrittenKey {
    switch self {
    case .spelled(let spelling):
      // `?` and `!` always apply to a spelled key.
      return .spelled(ValueKey.apply(String(operation), to: spelling) ?? spelling)
    case .value(var value):
      value.wrapping.append(operation)
      return .value(value)
    }
  }

  /// The key, with the message naming `variable` when a value's key cannot be told.
  func naming(_ variable: String) -> WrittenKey {
    guard case .value(var value) = self else { return self }
    value.variable = variable
    return .value(value)
  }

  /// The variable a value's key was declared for, for the message when it cannot be told.
  var variable: String? {
    if case .value(let value) = self { return value.variable }
    return nil
  }
}

extension WrittenKey: Comparable {
  /// By spelling: the order `#if` clauses' provisions are listed in.
  static func < (lhs: WrittenKey, rhs: WrittenKey) -> Bool { lhs.spelling < rhs.spelling }
}
#endif
