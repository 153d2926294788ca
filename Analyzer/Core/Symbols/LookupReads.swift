#if ImplicitsAnalysis
/// The names a call's lookup (`SymbolTable.candidates`) read: every type name it asked a
/// table about, by its last component (`Payments.Config` is `Config`, as
/// `KeyResolutionReads` names them: `Config` written in `Payments` may be either), and each
/// list of callables it read: a type's methods of a base name, any type's, or the free
/// functions'. A type fact or callable of another name cannot change the answer
/// (`ChangeSet`, `ChangeIndex`).
///
/// Recorded as the graph build looks a file's calls up (`CallLookups`), so each read is
/// kept cheap: a hash of the name (`ReadName`) appended, no string made; a row is sorted
/// and its repeats dropped once, when the file's lookups are done.
final class LookupReads: @unchecked Sendable {
  /// Hashes of `t <type>`, `c <type> <base>`, `c * <base>` and `c <base>`, in the order
  /// read, with repeats (only one read right after itself is dropped).
  private(set) var names: [UInt32] = []

  init() { names.reserveCapacity(64) }

  func type(_ name: String) { append(Self.type(name)) }
  func method(_ type: String, _ baseName: String) { append(Self.method(type, baseName)) }
  func anyMethod(_ baseName: String) { append(Self.anyMethod(baseName)) }
  func free(_ baseName: String) { append(Self.free(baseName)) }

  @inline(__always)
  private func append(_ name: UInt32) {
    if names.last != name { names.append(name) }
  }

  /// The index's names for a type (its last component) and for the callable lists:
  /// `ReadName.hash` of `t <last component>`, `c <type> <base>`, `c * <base>`, `c <base>`.
  static func type(_ name: String) -> UInt32 {
    ReadName.lastComponent(of: name, prefix: ReadName.Hasher("t "), separators: (UInt8(ascii: "."), UInt8(ascii: ".")))
  }

  static func method(_ type: String, _ baseName: String) -> UInt32 {
    var hasher = ReadName.Hasher("c ")
    hasher.add(type)
    hasher.add(byte: UInt8(ascii: " "))
    hasher.add(baseName)
    return hasher.value
  }

  static func anyMethod(_ baseName: String) -> UInt32 {
    var hasher = ReadName.Hasher("c * ")
    hasher.add(baseName)
    return hasher.value
  }

  static func free(_ baseName: String) -> UInt32 {
    var hasher = ReadName.Hasher("c ")
    hasher.add(baseName)
    return hasher.value
  }
}
#endif
