#if ImplicitsAnalysis
extension KeyName {
  /// A declaration of this key as a fix would write it, in the key's own spelling:
  /// `@Implicit var wallet = Wallet(…)` for a type key, `@Implicit(\.userID) var userID = …`
  /// for a named key, `@Implicit var logging: any Logging = …` for a protocol or any other
  /// type that cannot be called.
  var declarationExample: String {
    var spelled = ""
    var inFileName = false
    for character in self {  // drop the file of a private key and the module of a named one
      if character == Self.filePrivateStart { inFileName = true } else if character == Self.filePrivateEnd {
        inFileName = false
      } else if character == "@" {
        break
      } else if !inFileName {
        spelled.append(character)
      }
    }
    if spelled.hasPrefix("\\.") {
      return "@Implicit(\(spelled)) var \(spelled.dropFirst(2)) = …"
    }
    // `any Logging`: named as the runtime's message names it (`variableName(for:)`).
    let existential = spelled.hasPrefix("any ") ? spelled.dropFirst(4) : nil
    if let existential, existential.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
      let protocolName = existential.split(separator: ".").last
    {
      return "@Implicit var \(variableName(for: String(protocolName))): \(spelled) = …"
    }
    let last = spelled.split(separator: ".").last.map(String.init) ?? spelled
    let isPlainName = spelled.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    guard isPlainName, !last.isEmpty else { return "@Implicit var value: \(spelled) = …" }
    return "@Implicit var \(variableName(for: last)) = \(spelled)(…)"
  }
}

#endif
