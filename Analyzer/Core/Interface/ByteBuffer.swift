#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written through a pointer, for the printers of large outputs (the interface).
///
/// `[UInt8]` checks uniqueness and takes a generic path on every `append(contentsOf:)`:
/// per field of the interface that was a few hundred instructions for a dozen bytes, and
/// the printer a sixth of a cached re-check. Here a write reserves its room once and
/// copies with `memcpy`.
final class ByteBuffer {
  private(set) var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written so far, valid until the next write.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

  func removeAll() { count = 0 }

  /// Takes back the last `n` bytes written.
  func removeLast(_ n: Int) { count -= min(n, count) }

  /// Makes room for `extra` more bytes: then `unchecked` writes up to that many.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    let newCapacity = max(needed, 2 * capacity)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: start, count: count)
    start.deallocate()
    start = bigger
    capacity = newCapacity
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    memcpy(start + count, base, bytes.count)
    count += bytes.count
  }

  func append(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// `text`'s UTF-8 bytes: native strings are contiguous UTF-8; the copy in `withUTF8` is
  /// for bridged ones.
  func append(text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
      var text = text
      text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
  }

  /// A field's start in a pretty-printed object: `,` unless `first`, a line break, `2 *
  /// indent` spaces, then `"name" : `. One room check and direct stores: the interface
  /// starts ~90,000 fields per 1,000 files, and five appends each cost ~200 instructions.
  func appendField(_ name: StaticString, indent: Int, first: Bool) {
    let length = name.utf8CodeUnitCount
    let at = startLine(indent: indent, first: first, then: length + 5)
    at.pointee = UInt8(ascii: "\"")
    memcpy(at + 1, name.utf8Start, length)
    at[length + 1] = UInt8(ascii: "\"")
    at[length + 2] = UInt8(ascii: " ")
    at[length + 3] = UInt8(ascii: ":")
    at[length + 4] = UInt8(ascii: " ")
    count = at + length + 5 - start
  }

  /// An item of a pretty-printed array: `,` unless `first`, a line break, `2 * indent`
  /// spaces, then `text` as it is.
  func appendItem(_ text: UnsafeRawBufferPointer, indent: Int, first: Bool) {
    let at = startLine(indent: indent, first: first, then: text.count)
    if let base = text.baseAddress { memcpy(at, base, text.count) }
    count = at + text.count - start
  }

  /// Reserves room for a new line and `extra` bytes after it, writes `,` unless `first`,
  /// the line break and the padding, and returns where the rest goes (`count` is left
  /// for the caller to set past it).
  @inline(__always)
  private func startLine(indent: Int, first: Bool, then extra: Int) -> UnsafeMutablePointer<UInt8> {
    reserve(2 + 2 * indent + extra)
    var at = start + count
    if !first {
      at.pointee = UInt8(ascii: ",")
      at += 1
    }
    at.pointee = UInt8(ascii: "\n")
    memset(at + 1, Int32(UInt8(ascii: " ")), 2 * indent)
    return at + 1 + 2 * indent
  }

  /// `count` copies of `byte` (indentation).
  func append(repeating byte: UInt8, count: Int) {
    guard count > 0 else { return }
    reserve(count)
    memset(start + self.count, Int32(byte), count)
    self.count += count
  }

  /// `value` in decimal, without making a `String` of it.
  func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    reserve(digits)
    var index = count + digits
    repeat {
      index -= 1
      start[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count += digits
  }

  /// A copy of the bytes as an array (callers that keep the whole text).
  var array: [UInt8] { [UInt8](bytes) }
}
#endif
