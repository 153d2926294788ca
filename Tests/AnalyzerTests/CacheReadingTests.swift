#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// The cache's cheaper reads: repeated lists written once and referred to by number
/// (`CacheSharedLists.swift`), two-byte varints read inline. Each must read back exactly
/// what was written, and refuse what no writer writes.
@Suite struct CacheReadingTests {
  @Test func repeatedListsReadBackEqualAndShareOneArray() throws {
    let labels: [String?] = [nil, "with", CallSite.trailingLabel]
    let parameters = [ParameterInfo(label: "_", isScope: true, hasDefault: false, isClosure: false, isEscaping: false)]
    var writer = CacheWriter()
    for _ in 0..<3 {
      writer.write(shared: labels)
      writer.write(shared: ["\\.flag0", "Service3"] as [String])
      writer.write(shared: parameters)
      writer.write(shared: [] as [String?])
    }
    var reader = CacheReader(writer.bytes, file: 0)
    var first: [String?] = []
    for round in 0..<3 {
      let readLabels: [String?] = try reader.readShared()
      #expect(readLabels == labels)
      #expect(try reader.readShared() as [String] == ["\\.flag0", "Service3"])
      #expect(try reader.readShared() as [ParameterInfo] == parameters)
      #expect(try reader.readShared() as [String?] == [])
      if round == 0 { first = readLabels }
      // A repeat is the array first read, not a copy of it.
      #expect(readLabels.withUnsafeBufferPointer { $0.baseAddress } == first.withUnsafeBufferPointer { $0.baseAddress })
    }
    #expect(reader.isAtEnd)
  }

  @Test func aListNumberPastTheTableIsMalformed() {
    var writer = CacheWriter()
    writer.write(2)  // the second list of its kind, when none was read
    var reader = CacheReader(writer.bytes, file: 0)
    #expect(throws: CacheReader.Malformed.self) { try reader.readShared() as [String?] }
  }

  @Test func stringsOfEveryLengthReadBack() throws {
    let strings = (0..<40).map { String(repeating: "a", count: $0) } + ["é", "step99_1", "closure in schedule99(_:)"]
    var writer = CacheWriter()
    for string in strings + strings { writer.write(string) }
    var reader = CacheReader(writer.bytes, file: 0)
    for string in strings + strings { #expect(try reader.read() as String == string) }
    #expect(reader.isAtEnd)
  }

  @Test func integersAroundTheInlineLengthsReadBack() throws {
    let values = [0, 1, -1, 63, -64, 64, -65, 8191, -8192, 8192, -8193, 1 << 40, Int.max, Int.min]
    var writer = CacheWriter()
    for value in values { writer.write(value) }
    var reader = CacheReader(writer.bytes, file: 0)
    for value in values { #expect(try reader.read() as Int == value) }
    #expect(reader.isAtEnd)
    // A two-byte varint cut after its first byte.
    var cut = CacheReader([0x80], file: 0)
    #expect(throws: CacheReader.Malformed.self) { try cut.read() as Int }
  }
}
#endif
