#if ImplicitsAnalysis
/// A position in one of the analysed files: the file's index in the sorted input list,
/// a 1-based line and a 1-based UTF-8 column (the convention swiftc uses).
struct SourceLoc: Hashable, Comparable, Sendable {
  var file: Int32
  var line: Int32
  var column: Int32

  static func < (a: SourceLoc, b: SourceLoc) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}

/// Maps UTF-8 offsets of one file to line/column, built once per file in O(n).
///
/// Cheaper than `SourceLocationConverter` because it does not walk the syntax tree.
struct LineTable: Sendable {
  private let lineStarts: [Int32]
  let file: Int32

  init(file: Int32, utf8: some Collection<UInt8>) {
    var starts: [Int32] = [0]
    var offset: Int32 = 0
    for byte in utf8 {
      offset += 1
      if byte == UInt8(ascii: "\n") { starts.append(offset) }
    }
    self.lineStarts = starts
    self.file = file
  }

  /// O(log lines).
  func location(ofUTF8Offset offset: Int) -> SourceLoc {
    let target = Int32(offset)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= target { low = mid } else { high = mid - 1 }
    }
    return SourceLoc(file: file, line: Int32(low + 1), column: target - lineStarts[low] + 1)
  }
}

/// A key in source terms: a type key is its type name (`NetworkService`), a named key is
/// its key path (`\.darkMode`). Plain strings keep the per-file data cheap to build.
typealias KeyName = String

extension KeyName {
  /// The key written for people: `'NetworkService'`, `'\.darkMode'`, and a dependency's
  /// named key with its module: `'\.region' of Pricing`.
  var quoted: String {
    if let at = firstIndex(of: "@") { return "'\(self[..<at])' of \(self[index(after: at)...])" }
    guard contains(Self.filePrivateStart) else { return "'\(self)'" }
    // `Config⟨Cart.swift⟩` → `'Config' (private to Cart.swift)`.
    var text = ""
    var files: [Substring] = []
    var rest = self[...]
    while let start = rest.firstIndex(of: Self.filePrivateStart), let end = rest.firstIndex(of: Self.filePrivateEnd) {
      text += rest[..<start]
      files.append(rest[rest.index(after: start)..<end])
      rest = rest[rest.index(after: end)...]
    }
    text += rest
    return "'\(text)' (private to \(Set(files).sorted().joined(separator: ", ")))"
  }

  static let filePrivateStart: Character = "\u{2}"
  static let filePrivateEnd: Character = "\u{3}"

  /// The key of a `private`/`fileprivate` type: one per file that declares such a type.
  static func filePrivate(_ type: String, in file: String) -> KeyName {
    type + String(filePrivateStart) + file + String(filePrivateEnd)
  }

  /// Whether the key names a `private`/`fileprivate` type, which generated code cannot name.
  /// (A control character is a grapheme of its own: its byte is enough to look for.)
  var namesFilePrivateType: Bool { utf8.contains(2) }

  static func named(_ name: String) -> KeyName { "\\." + name }

  /// What a declaration whose key cannot be told provides: it hides every key below it,
  /// so that the values it may have provided are not reported again as unresolved (the
  /// declaration is reported, and is what to fix).
  static let uninferable: KeyName = "\u{4}uninferable"
}
#endif
