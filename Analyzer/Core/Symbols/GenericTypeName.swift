#if ImplicitsAnalysis
/// A type name as written (`[Int]`, `Array<Int>`, `[String: Int]`, `Int?`, `Box<T>`), split
/// into the generic type it names and its arguments, so that a receiver reaches the
/// extensions of that type whose `where` clause its arguments satisfy.
struct GenericTypeName: Hashable, Sendable {
  /// The generic type as written, without arguments: `Array`, `Dictionary`, `Optional`, `Box`.
  var base: String
  /// The arguments in order, each in canonical spelling; empty when none were written.
  var arguments: [String]

  /// Generic parameter names of the standard library types that apps extend most.
  static let standardParameters: [String: [String]] = [
    "Array": ["Element"], "ContiguousArray": ["Element"], "ArraySlice": ["Element"],
    "Set": ["Element"], "Optional": ["Wrapped"], "Dictionary": ["Key", "Value"],
    "Result": ["Success", "Failure"],
  ]

  init(base: String, arguments: [String]) {
    self.base = base
    self.arguments = arguments
  }

  init(_ written: String) {
    // A plain name (`Model`, `Outer.Inner`): what the parse below makes of it, without the
    // parse (~5,000 instructions a call to a type's member at 5,000 files, by `Character`).
    if !written.isEmpty, written.utf8.allSatisfy(Self.isNameByte) {
      self.init(base: String(KeySpelling.withoutStandardLibrary(Substring(written))), arguments: [])
      return
    }
    var text = Self.unparenthesised(Substring(written))
    // `T!` is used as a `T`.
    if text.hasSuffix("!") { text = Self.unparenthesised(text.dropLast()) }
    if text.hasSuffix("?") {
      self.init(base: "Optional", arguments: [Self.canonical(String(text.dropLast()))])
    } else if text.first == "[", text.last == "]", Self.closingIndex(of: text) == text.index(before: text.endIndex) {
      let inner = text.dropFirst().dropLast()
      let parts = Self.split(inner, at: ":")
      if parts.count == 2 {
        self.init(base: "Dictionary", arguments: parts.map { Self.canonical(String($0)) })
      } else {
        self.init(base: "Array", arguments: [Self.canonical(String(inner))])
      }
    } else if text.last == ">", let open = text.firstIndex(of: "<") {
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      let base = String(KeySpelling.withoutStandardLibrary(text[..<open]))
      self.init(base: base, arguments: Self.split(inner, at: ",").map { Self.canonical(String($0)) })
    } else {
      self.init(base: String(KeySpelling.withoutStandardLibrary(text)), arguments: [])
    }
  }

  /// One spelling per type: `Array<Int>` and `[Int]` are `[Int]`, `Optional<T>` is `T?`,
  /// as `KeySpelling` spells a type written in the source (its `generic` owns the sugar).
  static func canonical(_ written: String) -> String {
    let name = GenericTypeName(written)
    return name.arguments.isEmpty ? name.base : KeySpelling.generic(name.base, arguments: name.arguments)
  }

  /// Whether a receiver of this type may call a member declared in an extension with
  /// `constraints` (generic parameter, or `#position` → required type). An argument not
  /// written, or a parameter whose position is not known, does not rule the member out.
  func admits(_ constraints: [String: String], parameters: [String]?) -> Bool {
    constraints.allSatisfy { parameter, required in
      let position = parameter.hasPrefix("#") ? Int(parameter.dropFirst()) : parameters?.firstIndex(of: parameter)
      guard let position, arguments.indices.contains(position) else { return true }
      return arguments[position] == required
    }
  }

  // MARK: Parsing

  /// A byte of a name no step of the parse changes: ASCII letters, digits, `_` and `.`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  private static func unparenthesised(_ text: Substring) -> Substring {
    var text = text.drop(while: \.isWhitespace)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    if text.first == "(", closingIndex(of: text) == text.index(before: text.endIndex),
      split(text.dropFirst().dropLast(), at: ",").count == 1
    {
      return unparenthesised(text.dropFirst().dropLast())
    }
    return text
  }

  /// The index of the bracket closing the one `text` starts with.
  private static func closingIndex(of text: Substring) -> Substring.Index? {
    var closing: Substring.Index?
    scanBrackets(text) { index, _, depth in
      guard depth == 0 else { return true }
      closing = index
      return false
    }
    return closing
  }

  /// `text` split at `separator` where no bracket is open.
  private static func split(_ text: Substring, at separator: Character) -> [Substring] {
    var parts: [Substring] = []
    var start = text.startIndex
    scanBrackets(text) { index, character, depth in
      if character == separator, depth == 0 {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
      return true
    }
    parts.append(text[start...])
    return parts
  }

  /// Calls `body` with each character and the bracket depth after it (`->` closes
  /// nothing), until `body` returns false.
  private static func scanBrackets(_ text: Substring, _ body: (Substring.Index, Character, Int) -> Bool) {
    var depth = 0
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      switch character {
      case "[", "(", "<": depth += 1
      case "]", ")": depth -= 1
      case ">" where previous != "-": depth -= 1
      default: break
      }
      previous = character
      if !body(index, character, depth) { return }
    }
  }
}
#endif
