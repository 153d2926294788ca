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
  /// or not one of a function of base name `name` and type `type`: the record's positions
  /// are checked against the old file's bytes wherever they move.
  func append(_ entry: UnsafeRawBufferPointer, to out: ByteBuffer, type: String?, name: String) -> Bool {
    let start = out.count
    guard let nameAt = renumber(entry, to: out), Self.names(entry, nameAt: nameAt, type: type, name: name) else {
      out.removeLast(out.count - start)
      return false
    }
    return true
  }

  /// Whether `entry`, whose `"name"` value starts at `nameAt`, is of a function of base
  /// name `name` and type `type` (its last field, when it has one). Names and types need no
  /// JSON escape (Swift identifiers); a `"` or `\` in either counts as a mismatch, which
  /// only costs a full print.
  static func names(_ entry: UnsafeRawBufferPointer, nameAt: Int, type: String?, name: String) -> Bool {
    func holds(_ value: String, at start: Int, then next: UInt8) -> Bool {
      var end = start
      for byte in value.utf8 {
        guard end < entry.count, entry[end] == byte, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20
        else { return false }
        end += 1
      }
      return end < entry.count && entry[end] == next
    }
    guard holds(name, at: nameAt, then: UInt8(ascii: "(")) else { return false }
    // The last field's line, before the closing brace's.
    guard let close = entry.lastIndex(of: UInt8(ascii: "\n")), let line = entry[..<close].lastIndex(of: UInt8(ascii: "\n"))
    else { return false }
    var at = line + 1
    while at < close, entry[at] == UInt8(ascii: " ") { at += 1 }
    let pattern = "\"type\" : \"".utf8
    let typed = close - at > pattern.count && entry[at..<(at + pattern.count)].elementsEqual(pattern)
    guard let type else { return !typed }
    return typed && holds(type, at: at + pattern.count, then: UInt8(ascii: "\""))
  }

  /// - Returns: where the `"name"` field's value starts in `entry`; `nil` when the bytes
  ///   are not an entry as the writer prints it.
  ///
  /// Bytes are found with `memchr` and read through the base pointer: the slices' generic
  /// `firstIndex` and a count of each token's colons were ~7,700 instructions an entry
  /// (500 M at 5,000 generated files, every entry renumbered after a deleted file).
  private func renumber(_ entry: UnsafeRawBufferPointer, to out: ByteBuffer) -> Int? {
    guard let base = entry.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let count = entry.count
    var at = 0
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
    /// Copies up to and including the next `byte`.
    func copy(through byte: UInt8) -> Bool {
      guard let end = find(byte, from: at) else { return false }
      put(at, end + 1)
      at = end + 1
      return true
    }
    /// Copies the rest of a JSON string whose opening quote is copied.
    func copyString() -> Bool {
      var end = at
      while end < count, base[end] != quote {
        end += base[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard end < count else { return false }
      put(at, end + 1)
      at = end + 1
      return true
    }
    /// The field name after the next `"` (copied with it), its closing quote copied too.
    func field() -> Slice<UnsafeRawBufferPointer>? {
      guard copy(through: quote) else { return nil }
      let name = at
      guard copy(through: quote) else { return nil }
      return entry[name..<(at - 1)]
    }
    /// Copies ` : ` after a field name, and reads the number after it.
    func number() -> Int? {
      guard copy(through: UInt8(ascii: ":")), at < count, base[at] == UInt8(ascii: " ") else { return nil }
      at += 1
      out.append(UInt8(ascii: " "))
      return digits()
    }
    func digits() -> Int? {
      var value = 0
      let first = at
      while at < count, base[at] &- UInt8(ascii: "0") < 10, at - first < 12 {
        value = value * 10 + Int(base[at] - UInt8(ascii: "0"))
        at += 1
      }
      return at > first ? value : nil
    }
    func mapped(_ value: Int, _ table: [Int]) -> Int? {
      guard table.indices.contains(value), table[value] >= 0 else { return nil }
      return table[value]
    }
    /// Rewrites the tokens of `links` up to its closing quote (copied).
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
        var copied = at
        if colons == 2 {
          // The file's rank, then the rest.
          guard let file = digits(), at < end, base[at] == UInt8(ascii: ":"), let now = mapped(file, files) else { return false }
          out.appendDecimal(now)
          copied = at
        } else if colons != 1 && colons != 0 {
          return false
        }
        if colons > 0, arrow >= 0, !module {
          put(copied, arrow + 1)
          at = arrow + 1
          guard let callee = digits(), at == end, let now = mapped(callee, positions) else { return false }
          out.appendDecimal(now)
        } else {
          put(copied, end)
        }
        at = end + 1
        out.append(base[end])
        if base[end] == quote { return true }
      }
      return false
    }
    guard copy(through: UInt8(ascii: "{")), field()?.elementsEqual("access".utf8) == true,
      copy(through: quote), copyString()
    else { return nil }
    while true {
      let mark = (at, out.count)
      guard let name = field() else { return nil }
      if name.elementsEqual("file".utf8) {
        guard let file = number(), let now = mapped(file, files) else { return nil }
        out.appendDecimal(now)
      } else if name.elementsEqual("isAsync".utf8) || name.elementsEqual("isStatic".utf8) {
        continue
      } else if name.elementsEqual("links".utf8) {
        guard copy(through: quote), links() else { return nil }
      } else {
        // `name` and what follows hold no numbers of other entries or files.
        guard name.elementsEqual("name".utf8), at + 4 <= entry.count, entry[at..<(at + 4)].elementsEqual(" : \"".utf8)
        else { return nil }
        out.removeLast(out.count - mark.1)
        out.append(UnsafeRawBufferPointer(rebasing: entry[mark.0...]))
        return at + 4
      }
    }
  }
}
#endif
