#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GraphFile {
  /// `CacheWriter`'s bytes for the same writes — zig-zag varints, a string as `0`, its
  /// length and UTF-8 the first time and as `n + 1` when it is the writer's `n`-th — made
  /// for the graph file's parts, rewritten on every cached run.
  ///
  /// `CacheWriter` numbers strings in a `[String: Int]` (a SipHash of each string, and a
  /// copy kept) and appends to a `[UInt8]` a byte at a time; a part writes a string for
  /// nearly every node and edge (names, call signatures). Here a string is found by a
  /// cheap hash of its UTF-8 bytes among the strings written so far, compared with its
  /// first copy in the output itself, and bytes go to a `ByteBuffer` through a pointer.
  /// `reset` starts the next part, keeping the room of the largest so far.
  final class PartWriter: CacheWriting {
    let output = ByteBuffer(capacity: 1 << 16)
    /// Open addressing; a slot whose `generation` is not this part's is empty.
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var generation: UInt32 = 1
    /// Strings numbered in this part.
    private var numbered = 0
    /// All ones; tests keep two bits, so that nearly every string collides and is told
    /// apart by its bytes alone.
    private let hashMask: UInt64

    private struct Slot {
      var hash: UInt64 = 0
      var generation: UInt32 = 0
      var number: Int32 = 0
      /// Where the string's first copy lies in `output`.
      var offset: Int32 = 0
      var length: Int32 = 0
    }

    init(hashMask: UInt64 = .max) {
      self.hashMask = hashMask
      mask = 1023
      slots = .allocate(capacity: mask + 1)
      slots.initialize(repeating: Slot(), count: mask + 1)
    }

    deinit { slots.deallocate() }

    /// Empties the output and forgets the strings written.
    func reset() {
      output.removeAll()
      numbered = 0
      generation &+= 1
      if generation == 0 {
        slots.update(repeating: Slot(), count: mask + 1)
        generation = 1
      }
    }

    @inline(__always)
    func write(_ value: Int) {
      var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
      output.reserve(10)
      while rest >= 0x80 {
        output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
        rest >>= 7
      }
      output.append(UInt8(rest))
    }

    func write(_ value: Bool) { output.append(value ? 1 : 0) }

    func write(tag: UInt8) { output.append(tag) }

    func write(_ value: String) {
      var value = value
      value.withUTF8 { write(utf8: UnsafeRawBufferPointer($0)) }
    }

    private func write(utf8: UnsafeRawBufferPointer) {
      let hash = GraphFile.hash(bytes: utf8) & hashMask
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot].generation == generation {
        if slots[slot].hash == hash, Int(slots[slot].length) == utf8.count,
          utf8.isEmpty || memcmp(output.start + Int(slots[slot].offset), utf8.baseAddress!, utf8.count) == 0
        {
          return write(Int(slots[slot].number) + 1)
        }
        slot = (slot + 1) & mask
      }
      write(0)
      write(utf8.count)
      slots[slot] = Slot(
        hash: hash, generation: generation, number: Int32(numbered), offset: Int32(output.count),
        length: Int32(utf8.count))
      numbered += 1
      output.append(utf8)
      if numbered * 2 > mask { grow() }
    }

    /// Twice the slots, this part's strings placed again.
    private func grow() {
      let (old, oldMask) = (slots, mask)
      mask = 2 * mask + 1
      slots = .allocate(capacity: mask + 1)
      slots.initialize(repeating: Slot(), count: mask + 1)
      for index in 0...oldMask where old[index].generation == generation {
        var slot = Int(truncatingIfNeeded: old[index].hash) & mask
        while slots[slot].generation == generation { slot = (slot + 1) & mask }
        slots[slot] = old[index]
      }
      old.deallocate()
    }

  }
}

extension GraphFile {
  /// A string's bytes hashed for the in-memory tables that find names by their bytes (the
  /// part writer's string table, `PatchedCalls.BytesTable`): eight bytes per step
  /// (multiply, xor-shift), the tail in one last word. Names are short, and a collision
  /// costs only a `memcmp`. Never written to a file.
  @inline(__always)
  static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash = 0x9e37_79b9_7f4a_7c15 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
      hash ^= hash >> 32
      offset += 8
    }
    var tail: UInt64 = 0
    while offset < bytes.count {
      tail = tail << 8 | UInt64(bytes[offset])
      offset += 1
    }
    hash = (hash ^ tail) &* 0xc4ce_b9fe_1a85_ec53
    return hash ^ hash >> 29
  }
}
#endif
