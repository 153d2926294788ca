#if ImplicitsAnalysis
/// A name of the change index (`ChangeIndex`: `c Store load`, `t Config`, `k TConfig`,
/// `a onTap`) as the 32 bits the index keeps of it: FNV-1a (64 bits) over its UTF-8 bytes,
/// folded.
///
/// Why a hash and not the string: the names are recorded as the graph build looks calls
/// up, several per call (hundreds of thousands at 5,000 files), and every file's row is
/// kept on disk and read back by each re-check. As strings, each read made a string and
/// inserted it into a set, and the index was a dictionary of ~10⁵ strings to decode and
/// rebuild on every run (+31 % instructions on a re-check). As hashes a read is a few
/// multiplies, a row is a sorted `[UInt32]`, and the index is one blob.
///
/// A collision can only make a file dirty that did not need to be (two names share a
/// hash, and the file read the other one): never a miss. With ~10² names a row, the odds
/// that a changed name hits a given file's row by chance are ~10²/2³² ≈ 2·10⁻⁸.
///
/// `Hasher` builds a hash piece by piece without making the string: the pieces hashed in
/// order give the hash of their concatenation (`hash("c " + type + " " + base)` is
/// `Hasher("c ")`, `add(type)`, `add(" ")`, `add(base)`).
enum ReadName {
  static func hash(_ name: String) -> UInt32 {
    var hasher = Hasher()
    hasher.add(name)
    return hasher.value
  }

  struct Hasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    init() {}

    /// Starting with `prefix` (`"t "`): a prefix's state is made once and copied.
    init(_ prefix: StaticString) {
      prefix.withUTF8Buffer { add($0) }
    }

    @inline(__always)
    mutating func add(byte: UInt8) {
      state = (state ^ UInt64(byte)) &* Self.prime
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
      var state = self.state
      for byte in bytes { state = (state ^ UInt64(byte)) &* Self.prime }
      self.state = state
    }

    /// A string's UTF-8 bytes as they are stored (no copy for a native string).
    mutating func add(_ string: String) {
      var string = string
      string.withUTF8 { add($0) }
    }

    var value: UInt32 { UInt32(truncatingIfNeeded: state ^ (state >> 32)) }
  }

  /// The hash of `prefix` followed by each component of `name` split at `separators`
  /// (empty ones skipped), in order: `a RowCell`, `a onSelect` for `RowCell#onSelect`.
  /// Without making a string per component.
  static func components(of name: String, prefix: Hasher, separators: (UInt8, UInt8), _ body: (UInt32) -> Void) {
    var name = name
    name.withUTF8 { bytes in
      var hasher = prefix
      var empty = true
      for byte in bytes {
        if byte == separators.0 || byte == separators.1 {
          if !empty { body(hasher.value) }
          hasher = prefix
          empty = true
        } else {
          hasher.add(byte: byte)
          empty = false
        }
      }
      if !empty { body(hasher.value) }
    }
  }

  /// The hash of `prefix` followed by the last component of `name` split at `separators`
  /// (`t Config` for `Payments.Config`); of `prefix` alone when there is none.
  static func lastComponent(of name: String, prefix: Hasher, separators: (UInt8, UInt8)) -> UInt32 {
    var last = prefix.value
    components(of: name, prefix: prefix, separators: separators) { last = $0 }
    return last
  }
}
#endif
