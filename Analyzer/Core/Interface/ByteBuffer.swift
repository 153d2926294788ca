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
