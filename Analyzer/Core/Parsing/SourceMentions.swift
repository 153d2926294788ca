#if ImplicitsAnalysis
/// The words a source file mentions that decide whether a pass can find anything in it,
/// found by one search of its bytes before any walk. Most files of a large module, and
/// every file of a package without implicits, never name the API: the syntax rules and
/// the search for undecided `#if` conditions skip them. Within a file that does, the rules
/// skip the declarations that mention none of the words a rule looks for
/// (`mentionsScopeWord(in:)`).
///
/// A byte search, not `String.contains`: with Foundation imported that resolves to
/// `NSString` range search, which converts the whole file to UTF-16 first (7 % of a check
/// of the benchmark module, for files that mention the API in their first lines).
struct SourceMentions {
  /// `Implicit…` or `withScope`: the runtime API, the macros and the attribute.
  let api: Bool
  /// `#if`: a conditional compilation block.
  let conditionalCompilation: Bool
  /// `Observable`: the macro whose classes' stored `@Implicit`s must be ignored by it.
  let observable: Bool
  /// Where the file says one of the scope words (below), in increasing order.
  private let scopeWordOffsets: [Int32]
  /// Where the file says `Scope` (`ImplicitScope`, `withScope`), in increasing order.
  private let scopeTypeOffsets: [Int32]

  // The scope words, what a syntax rule can look for, as substrings of the text (so
  // `ImplicitScope`, `withScope`, `#implicits`, `scope.end()` and `.nested()` are each
  // found): `Implicit`, `implicits`, `Scope`, `scope`, `.end`, `nested` — the runtime
  // API's names, scope variables named `scope`, and the two calls a scope of any name is
  // ended or nested with. Code without any of them opens, ends, receives and declares no
  // scope, no implicit, no bag and no named key.

  init(utf8 bytes: [UInt8]) {
    var api = false
    var conditionalCompilation = false
    var observable = false
    var offsets: [Int32] = []
    var typeOffsets: [Int32] = []
    bytes.withUnsafeBufferPointer { text in
      for index in text.indices {
        // Dispatch on the first byte: one comparison per byte for most of the file.
        switch text[index] {
        case UInt8(ascii: "I"):
          if Self.matches("Implicit", text, at: index) {
            api = true
            offsets.append(Int32(index))
          }
        case UInt8(ascii: "w"):
          if Self.matches("withScope", text, at: index) { api = true }
        case UInt8(ascii: "#"):
          if Self.matches("#if", text, at: index) { conditionalCompilation = true }
        case UInt8(ascii: "i"):
          if Self.matches("implicits", text, at: index) { offsets.append(Int32(index)) }
        case UInt8(ascii: "S"):
          if Self.matches("Scope", text, at: index) {
            offsets.append(Int32(index))
            typeOffsets.append(Int32(index))
          }
        case UInt8(ascii: "O"):
          if Self.matches("Observable", text, at: index) { observable = true }
        case UInt8(ascii: "s"):
          if Self.matches("scope", text, at: index) { offsets.append(Int32(index)) }
        case UInt8(ascii: "."):
          if Self.matches(".end", text, at: index) { offsets.append(Int32(index)) }
        case UInt8(ascii: "n"):
          if Self.matches("nested", text, at: index) { offsets.append(Int32(index)) }
        default:
          break
        }
      }
    }
    self.api = api
    self.conditionalCompilation = conditionalCompilation
    self.observable = observable
    scopeWordOffsets = offsets
    scopeTypeOffsets = typeOffsets
  }

  /// Whether one of the scope words starts within `range` (UTF-8 offsets of the file).
  /// O(log n) in the number of mentions.
  func mentionsScopeWord(in range: Range<Int>) -> Bool {
    Self.anyOffset(of: scopeWordOffsets, in: range)
  }

  /// Whether `Scope` starts within `range`: code that does not say it cannot write the
  /// type `ImplicitScope`.
  func mentionsScopeType(in range: Range<Int>) -> Bool {
    Self.anyOffset(of: scopeTypeOffsets, in: range)
  }

  private static func anyOffset(of offsets: [Int32], in range: Range<Int>) -> Bool {
    // The first mention at or after the range's start.
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if Int(offsets[middle]) < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < offsets.count && Int(offsets[low]) < range.upperBound
  }

  private static func matches(_ word: StaticString, _ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= text.count else { return false }
    let needle = word.utf8Start
    for offset in 0..<count where text[index + offset] != needle[offset] { return false }
    return true
  }

  /// Whether `word` occurs in `bytes`.
  static func contains(_ word: StaticString, in bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { text in text.indices.contains { matches(word, text, at: $0) } }
  }
}
#endif
