#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// The graph file's writer (`GraphFile.PartWriter`) makes `CacheWriter`'s bytes, which the
/// file's reader decodes: the same varints, and strings numbered in the same order, across
/// parts (`reset`), hash collisions and growth of its table.
@Suite struct GraphFilePartWriterTests {
  /// One write, made to both writers.
  enum Write {
    case int(Int), bool(Bool), tag(UInt8), string(String)
  }

  /// Both writers' bytes; `colliding`: the part writer's hashes cut to two bits.
  static func bytes(_ writes: [Write], colliding: Bool) -> (expected: [UInt8], written: [UInt8]) {
    var reference = CacheWriter()
    let writer = GraphFile.PartWriter(hashMask: colliding ? 3 : .max)
    for write in writes {
      switch write {
      case .int(let value): reference.write(value); writer.write(value)
      case .bool(let value): reference.write(value); writer.write(value)
      case .tag(let value): reference.write(tag: value); writer.write(tag: value)
      case .string(let value): reference.write(value); writer.write(value)
      }
    }
    return (reference.bytes, [UInt8](writer.output.bytes))
  }

  @Test func integersAndTagsAreCacheWritersBytes() {
    let values = [0, 1, -1, 63, -64, 64, -65, 127, 128, 1 << 20, -(1 << 40), Int.max, Int.min]
    let writes = values.map(Write.int) + [.bool(true), .bool(false), .tag(0), .tag(255)]
    let (expected, written) = Self.bytes(writes, colliding: false)
    #expect(written == expected)
  }

  /// Repeats come back as numbers; near-equal strings (a prefix, another length, the same
  /// bytes past eight, non-ASCII, empty) are told apart.
  @Test(arguments: [false, true])
  func stringsAreNumberedAsCacheWriterNumbersThem(colliding: Bool) {
    let strings = [
      "", "a", "ab", "step1_1(_:)", "step1_1(_:)x", "step1_1(_:", "", "a", "Ünïcode ✓", "Ünïcode ✓",
      String(repeating: "k", count: 64), String(repeating: "k", count: 65), "12345678", "12345679", "12345678",
    ]
    let writes = strings.map(Write.string) + [.int(3)] + strings.reversed().map(Write.string)
    let (expected, written) = Self.bytes(writes, colliding: colliding)
    #expect(written == expected)
  }

  /// Thousands of strings (the table grows from 1,024 slots several times), most written
  /// twice, between integers.
  @Test(arguments: [false, true])
  func manyStringsSurviveTheTableGrowing(colliding: Bool) {
    var writes: [Write] = []
    // Colliding, every lookup walks a quarter of the strings: fewer of them.
    let count = colliding ? 3_000 : 10_000
    for index in 0..<count { writes += [.string("node \(index) at File\(index % 97).swift"), .int(index)] }
    for index in stride(from: count - 1, through: 0, by: -7) { writes.append(.string("node \(index) at File\(index % 97).swift")) }
    let (expected, written) = Self.bytes(writes, colliding: colliding)
    #expect(written == expected)
  }

  /// After `reset`, a part starts its own numbering: its strings are written out again.
  @Test func resetStartsAPartsNumberingAnew() {
    let writer = GraphFile.PartWriter()
    var parts: [[UInt8]] = []
    for part in 0..<3 {
      writer.reset()
      var reference = CacheWriter()
      for name in ["shared", "part \(part)", "shared"] {
        writer.write(name)
        reference.write(name)
      }
      parts.append([UInt8](writer.output.bytes))
      #expect(parts.last == reference.bytes)
    }
    #expect(parts[0].starts(with: [0]))
  }
}
#endif
