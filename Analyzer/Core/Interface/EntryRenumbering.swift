#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A copied entry's bytes with the numbers that name other entries and files rewritten as
/// this run numbers them (`PositionRemap`): `"file" : N` and, in `links`, each token's
/// `F:` and `>N` (not a dependency's `>Module#N`). Everything else in an entry is made
/// from its own function, its keys and the run-wide inputs (`ReprintedEntries`), so it
/// stays. Rewriting reads the bytes once and writes them once; printing the entry anew
/// would need its keys and links, which a re-check makes only for what an edit reaches.
///
/// The bytes are read as `InterfaceWriter` prints an entry without `conditions` (one build
/// configuration): the separator, `{`, `"access"`, then optionally `"file"`, `"isAsync"`,
/// `"isStatic"`, `"links"`, then `"name"` and the rest, copied as they are. Anything else —
/// or a number with no place in this run — is refused, and the caller prints everything.
struct EntryRenumbering: Sendable {
  /// Per position of the last run, this run's (`-1`: none).
  var positions: [Int]
  /// Per index into the last run's `files`, the index into this run's (`-1`: none).
  var files: [Int]

  /// The last run's numbers as `plan` numbers them, its `linkedFiles` (summary indices)
  /// matched to the last run's by path (`newFile`); `nil` when no number moves, and the
  /// copied entries are copied as they are.
  init?(_ remap: PositionRemap, lastFiles: [Int], newFile: [Int], plan: InterfacePlan) {
    var rank = [Int](repeating: -1, count: plan.result.paths.count)
    for (position, file) in plan.linkedFiles.enumerated() { rank[file] = position }
    files = lastFiles.map { newFile.indices.contains($0) && newFile[$0] >= 0 ? rank[newFile[$0]] : -1 }
    positions = remap.newPosition
    guard remap.moved || files.enumerated().contains(where: { $1 != $0 }) else { return nil }
  }

  /// Appends `entry` (one entry's recorded bytes, its separator first) to `out` with its
  /// numbers rewritten; `false` (and `out` as it was) when the bytes are not such an entry,
  /// or `named` (given the bytes and where the `"name"` value starts) says they are not of
  /// the function at their new position: the record's positions are checked against the
  /// old file's bytes wherever they move.
  func append(_ entry: UnsafeRawBufferPointer, to out: ByteBuffer, named: (UnsafeRawBufferPointer, Int) -> Bool) -> Bool {
    let start = out.count
    guard let nameAt = renumber(entry, to: out), named(entry, nameAt) else {
      out.removeLast(out.count - start)
      return false
    }
    return true
  }

  /// Whether `entry`, whose `"name"` value starts at `nameAt`, is of a function of base
  /// name `name` and type `type` (its last field, when it has one).
  static func names(_ entry: UnsafeRawBufferPointer, nameAt: Int, type: String?, name: String) -> Bool {
    /// Through the string's own UTF-8 where it has it: its `utf8` view byte by byte was
    /// ~480 instructions an entry (31 M at 5,000 generated files).
    func utf8<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
      return Array(text.utf8).withUnsafeBytes(body)
    }
    return utf8(name) { name in
      guard let type else { return names(entry, nameAt: nameAt, type: nil, name: name, then: UInt8(ascii: "(")) }
      return utf8(type) { names(entry, nameAt: nameAt, type: $0, name: name, then: UInt8(ascii: "(")) }
    }
  }

  /// Whether `entry`, whose `"name"` value starts at `nameAt`, has `name` there followed by
  /// `next` (`(` after a base name, the closing `"` after a whole signature), and `type`
  /// as its last field (none when `nil`). Names and types need no JSON escape (Swift
  /// identifiers); a `"` or `\` in either counts as a mismatch, which only costs a full
  /// print.
  static func names(
    _ entry: UnsafeRawBufferPointer, nameAt: Int, type: UnsafeRawBufferPointer?, name: UnsafeRawBufferPointer,
    then next: UInt8
  ) -> Bool {
    guard let base = entry.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
    let count = entry.count
    func holds(_ bytes: UnsafeRawBufferPointer, at start: Int, then next: UInt8) -> Bool {
      guard start + bytes.count < count else { return false }
      for (offset, byte) in bytes.enumerated() {
        guard base[start + offset] == byte, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20
        else { return false }
      }
      return base[start + bytes.count] == next
    }
    guard holds(name, at: nameAt, then: next) else { return false }
    // The last field's line, before the closing brace's.
    var close = count - 1
    while close >= 0, base[close] != UInt8(ascii: "\n") { close -= 1 }
    var line = close - 1
    while line >= 0, base[line] != UInt8(ascii: "\n") { line -= 1 }
    guard line >= 0 else { return false }
    var at = line + 1
    while at < close, base[at] == UInt8(ascii: " ") { at += 1 }
    let pattern: StaticString = "\"type\" : \""
    let typed = close - at > pattern.utf8CodeUnitCount && Self.bytes(base + at, equal: pattern)
    guard let type else { return !typed }
    return typed && holds(type, at: at + pattern.utf8CodeUnitCount, then: UInt8(ascii: "\""))
  }

  /// Whether the `literal.utf8CodeUnitCount` bytes at `bytes` are `literal`'s: a `memcmp`,
  /// where the generic `elementsEqual` of a slice and a `String.UTF8View` was ~200
  /// instructions a field name (150 M at 5,000 generated files, every entry renumbered).
  static func bytes(_ bytes: UnsafePointer<UInt8>, equal literal: StaticString) -> Bool {
    memcmp(bytes, literal.utf8Start, literal.utf8CodeUnitCount) == 0
  }

  /// - Returns: where the `"name"` field's value starts in `entry`; `nil` when the bytes
  ///   are not an entry as the writer prints it.
  ///
  /// Bytes are found with `memchr` and read through the base pointer: the slices' generic
  /// `firstIndex` and a count of each token's colons were ~7,700 instructions an entry
  /// (500 M at 5,000 generated files, every entry renumbered). The bytes are only read as
  /// they are parsed, and copied in runs between the numbers that change: a copy of each
  /// field and token as it was read was 780,000 appends (38 M).
  private func renumber(_ entry: UnsafeRawBufferPointer, to out: ByteBuffer) -> Int? {
    guard let base = entry.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let count = entry.count
    var at = 0
    /// `entry[..<copied]` is in `out`, with the numbers before it rewritten.
    var copied = 0
    let quote = UInt8(ascii: "\"")
    /// Where the next `byte` is at or after `from`.
    func find(_ byte: UInt8, from: Int) -> Int? {
      guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
    /// Copies `entry[from..<to]`.
    func put(_ from: Int, _ to: Int) {
      if to > from { out.append(UnsafeRawBufferPointer(start: base + from, count: to - from)) }
    }
    /// Moves past the next `byte`.
    func skip(through byte: UInt8) -> Bool {
      guard let end = find(byte, from: at) else { return false }
      at = end + 1
      return true
    }
    /// Moves past the rest of a JSON string whose opening quote is passed.
    func skipString() -> Bool {
      var end = at
      while end < count, base[end] != quote {
        end += base[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard end < count else { return false }
      at = end + 1
      return true
    }
    /// Where the field name after the next `"` is; passes its closing quote.
    func field() -> Range<Int>? {
      guard skip(through: quote) else { return nil }
      let name = at
      guard skip(through: quote) else { return nil }
      return name..<(at - 1)
    }
    /// Whether the bytes at `range` are `literal`.
    func named(_ range: Range<Int>, _ literal: StaticString) -> Bool {
      range.count == literal.utf8CodeUnitCount && Self.bytes(base + range.lowerBound, equal: literal)
    }
    /// Passes ` : ` after a field name.
    func colon() -> Bool {
      guard skip(through: UInt8(ascii: ":")), at < count, base[at] == UInt8(ascii: " ") else { return false }
      at += 1
      return true
    }
    /// A number as the writer prints it: no sign, no leading zero.
    func digits() -> Int? {
      var value = 0
      let first = at
      while at < count, base[at] &- UInt8(ascii: "0") < 10, at - first < 12 {
        value = value * 10 + Int(base[at] - UInt8(ascii: "0"))
        at += 1
      }
      return at > first && (base[first] != UInt8(ascii: "0") || at - first == 1) ? value : nil
    }
    /// `value`'s number in `table`, put in place of the digits from `start` to `at` when
    /// it differs.
    func rewrite(_ value: Int, from start: Int, _ table: [Int]) -> Bool {
      guard table.indices.contains(value), table[value] >= 0 else { return false }
      if table[value] != value {
        put(copied, start)
        out.appendDecimal(table[value])
        copied = at
      }
      return true
    }
    /// Rewrites the tokens of `links` up to its closing quote (passed).
    func links() -> Bool {
      while at < count {
        // One token: `-`, `^`, or `[F:]line:column[*][~type][>callee]`: its end, its
        // colons, its first `>` and whether a `#` follows that, in one pass.
        var end = at
        var colons = 0
        var arrow = -1
        var module = false
        while end < count {
          let byte = base[end]
          // Most of a token is digits.
          if byte &- UInt8(ascii: "0") < 10 {
            end += 1
            continue
          }
          if byte == UInt8(ascii: " ") || byte == quote { break }
          if byte == UInt8(ascii: ":") {
            colons += 1
          } else if byte == UInt8(ascii: ">") {
            if arrow < 0 { arrow = end }
          } else if byte == UInt8(ascii: "#"), arrow >= 0 {
            module = true
          }
          end += 1
        }
        guard end < count else { return false }
        if colons == 2 {
          // The file's rank, then the rest.
          let start = at
          guard let file = digits(), at < end, base[at] == UInt8(ascii: ":"), rewrite(file, from: start, files) else {
            return false
          }
        } else if colons != 1 && colons != 0 {
          return false
        }
        if colons > 0, arrow >= 0, !module {
          at = arrow + 1
          let start = at
          guard let callee = digits(), at == end, rewrite(callee, from: start, positions) else { return false }
        }
        at = end + 1
        if base[end] == quote { return true }
      }
      return false
    }
    guard skip(through: UInt8(ascii: "{")), let access = field(), named(access, "access"),
      skip(through: quote), skipString()
    else { return nil }
    while true {
      guard let name = field() else { return nil }
      if named(name, "file") {
        guard colon() else { return nil }
        let start = at
        guard let file = digits(), rewrite(file, from: start, files) else { return nil }
      } else if named(name, "isAsync") || named(name, "isStatic") {
        continue
      } else if named(name, "links") {
        guard skip(through: quote), links() else { return nil }
      } else {
        // `name` and what follows hold no numbers of other entries or files.
        guard named(name, "name"), at + 4 <= count, Self.bytes(base + at, equal: " : \"") else { return nil }
        put(copied, count)
        return at + 4
      }
    }
  }
}
#endif
