#if ImplicitsAnalysis
/// The words a source file mentions that decide whether a pass can find anything in it,
/// found by one search of its bytes before any walk. Most files of a large module, and
/// every file of a package without implicits, never name the API: the syntax rules and
/// the search for undecided `#if` conditions skip them.
///
/// A byte search, not `String.contains`: with Foundation imported that resolves to
/// `NSString` range search, which converts the whole file to UTF-16 first (7 % of a check
/// of the benchmark module, for files that mention the API in their first lines).
struct SourceMentions {
  /// `Implicit…` or `withScope`: the runtime API, the macros and the attribute.
  let api: Bool
  /// `#if`: a conditional compilation block.
  let conditionalCompilation: Bool

  init(utf8 bytes: [UInt8]) {
    api = Self.contains("Implicit", in: bytes) || Self.contains("withScope", in: bytes)
    conditionalCompilation = Self.contains("#if", in: bytes)
  }

  /// Whether `word` occurs in `bytes`.
  static func contains(_ word: StaticString, in bytes: [UInt8]) -> Bool {
    let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard let first = needle.first, needle.count <= bytes.count else { return false }
    return bytes.withUnsafeBufferPointer { haystack in
      var index = 0
      let last = haystack.count - needle.count
      while index <= last {
        if haystack[index] == first {
          var matched = 1
          while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
          if matched == needle.count { return true }
        }
        index += 1
      }
      return false
    }
  }
}
#endif
