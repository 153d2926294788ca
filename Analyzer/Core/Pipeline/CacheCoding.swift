#if ImplicitsAnalysis
/// A compact binary form of the per-file results for the on-disk cache (`SummaryCache`).
///
/// Written by hand rather than through `Codable`: a re-check after a one-file edit reads
/// thousands of cached summaries, and a keyed `Codable` decoder costs several times the
/// budget of that re-check. Values are positional (no field names); integers are
/// zig-zag varints. The format is private to one analyzer build (the cache key contains
/// the analyzer's stamp), so it carries no version of its own.
protocol CacheCodable {
  func encode(to writer: inout CacheWriter)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed)
}

struct CacheWriter {
  private(set) var bytes: [UInt8] = []
  /// Strings already written, by their number: a summary names the same types, keys and
  /// scopes over and over, and a repeat costs a reference instead of a copy to validate
  /// and allocate when read.
  private var strings: [String: Int] = [:]
  /// Dictionaries written in the order of their entries' bytes, not their iteration order
  /// (which differs between processes): for digests that two runs compare
  /// (`ChangeIndex.Reads`), never for the cache itself.
  var canonical = false
  /// Lists already written, by their number (`write(shared:)`).
  var lists = CacheListNumbers()

  mutating func write(_ value: Int) {
    var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// `0` and the UTF-8 bytes the first time, `n + 1` for the string first written `n`-th.
  mutating func write(_ value: String) {
    if let number = strings[value] { return write(number + 1) }
    strings[value] = strings.count
    write(0)
    var value = value
    value.withUTF8 { utf8 in
      write(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func write(_ value: some CacheCodable) { value.encode(to: &self) }

  /// A case of an enum: its position among the cases.
  mutating func write(tag: UInt8) { bytes.append(tag) }

  /// Their count, then each word as 8 little-endian bytes: hashes, whose varints take 10
  /// bytes and a loop per byte to read.
  mutating func write(words: [UInt64]) {
    write(words.count)
    for word in words { withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
  }

  /// Bytes encoded elsewhere (by a writer of their own), as they are.
  mutating func write(blob: [UInt8]) {
    write(blob.count)
    bytes.append(contentsOf: blob)
  }
}

/// Reads what `CacheWriter` wrote. Every read checks its bounds: a truncated or corrupted
/// entry throws `Malformed`, and the cache recomputes the file.
struct CacheReader {
  struct Malformed: Error {}

  private let bytes: [UInt8]
  private var offset: Int
  /// Where the value ends: `bytes.count`, or the end of one record in a file of many
  /// (`ResolvedKeysStore`), read in place.
  private let end: Int
  /// The strings read so far, in order (see `CacheWriter.write(_: String)`).
  private var strings: [String] = []
  /// The lists read so far (`readShared()`).
  var lists = CacheListTable()
  /// The index the file has in this run: a cached summary may have been made when the
  /// file sorted elsewhere in the module, so locations are stored without it.
  let file: Int32

  init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil, file: Int32) {
    self.bytes = bytes
    self.offset = offset
    self.end = end ?? bytes.count
    self.file = file
  }

  var isAtEnd: Bool { offset == end }

  /// Inlined for the one-byte values (-64...63) nearly every count, tag, line and string
  /// number is: a call per value was a fifth of loading a summary.
  @inline(__always)
  mutating func read() throws(Malformed) -> Int {
    if offset < end, bytes[offset] < 0x80 {
      let value = Int(bytes[offset])
      offset += 1
      return (value >> 1) ^ -(value & 1)
    }
    // Two bytes (64...8191): every line past the 63rd. Through `readLongInt` a location's
    // line cost ~40 instructions more (300,000 of them in a re-check at 5,000 files).
    if offset + 1 < end, bytes[offset + 1] < 0x80 {
      let value = Int(bytes[offset] & 0x7f) | Int(bytes[offset + 1]) << 7
      offset += 2
      return (value >> 1) ^ -(value & 1)
    }
    return try readLongInt()
  }

  /// Through the buffer, not the array: the array's bounds checks per byte made a digest's
  /// two ten-byte words ~180 instructions each (~40 M of a re-check's records at 5,000 files).
  private mutating func readLongInt() throws(Malformed) -> Int {
    var at = offset
    let value = bytes.withUnsafeBufferPointer { decodeZigZagVarint($0, at: &at, end: end) }
    guard let value else { throw Malformed() }
    offset = at
    return value
  }

  @inline(__always)
  mutating func read() throws(Malformed) -> Bool {
    switch try tag() {
    case 0: false
    case 1: true
    default: throw Malformed()
    }
  }

  /// A repeat inlined (half the strings read), a new string not: the call was ~20 of the ~70
  /// instructions a repeat cost.
  @inline(__always)
  mutating func read() throws(Malformed) -> String {
    let number: Int = try read()
    if number > 0 {
      guard number <= strings.count else { throw Malformed() }
      return strings[number - 1]
    }
    return try readNewString(number)
  }

  private mutating func readNewString(_ number: Int) throws(Malformed) -> String {
    guard number == 0 else { throw Malformed() }
    let count: Int = try read()
    guard count >= 0, count <= end - offset else { throw Malformed() }
    defer { offset += count }
    guard let text = Self.string(bytes, from: offset, count: count) else { throw Malformed() }
    // A summary holds a few hundred distinct strings: growing the table from empty
    // reallocated it a dozen times per entry.
    if strings.isEmpty { strings.reserveCapacity(min(256, remaining / 4 + 1)) }
    strings.append(text)
    return text
  }

  /// Validated UTF-8 from a buffer: `String(validating:)` over an array slice takes a
  /// generic path (~1,000 instructions a string, 6 % of a re-check that loads a module's
  /// summaries). ASCII, nearly every name, is checked here and copied as it is, into the
  /// string's own storage: `String(decoding:)` repaired it again on the way (~130
  /// instructions more a string; a re-check at 5,000 files makes ~0.7 million).
  private static func string(_ bytes: [UInt8], from offset: Int, count: Int) -> String? {
    bytes.withUnsafeBufferPointer { buffer in
      let utf8 = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)])
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return String(validating: utf8, as: UTF8.self) }
      return String(unsafeUninitializedCapacity: count) { $0.initialize(fromContentsOf: utf8) }
    }
  }

  mutating func read<Value: CacheCodable>() throws(Malformed) -> Value { try Value(from: &self) }

  /// What `CacheWriter.write(words:)` wrote.
  mutating func readWords() throws(Malformed) -> [UInt64] {
    let count: Int = try read()
    guard count >= 0, count <= (end - offset) / 8 else { throw Malformed() }
    defer { offset += count * 8 }
    return bytes.withUnsafeBytes { raw in
      [UInt64](uninitializedCount: count) { words, initialized in
        for index in 0..<count {
          words[index] = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
        }
        initialized = count
      }
    }
  }

  /// What `CacheWriter.write(blob:)` wrote.
  mutating func readBlob() throws(Malformed) -> [UInt8] {
    let count: Int = try read()
    guard count >= 0, count <= end - offset else { throw Malformed() }
    defer { offset += count }
    return Array(bytes[offset..<(offset + count)])
  }

  @inline(__always)
  mutating func tag() throws(Malformed) -> UInt8 {
    guard offset < end else { throw Malformed() }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// An `Int32` field (lines, columns).
  @inline(__always)
  mutating func read() throws(Malformed) -> Int32 {
    let value: Int = try read()
    guard let narrow = Int32(exactly: value) else { throw Malformed() }
    return narrow
  }
}

extension Int: CacheCodable {
  func encode(to writer: inout CacheWriter) { writer.write(self) }
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) { self = try reader.read() }
}

extension Bool: CacheCodable {
  func encode(to writer: inout CacheWriter) { writer.write(self) }
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) { self = try reader.read() }
}

extension String: CacheCodable {
  func encode(to writer: inout CacheWriter) { writer.write(self) }
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) { self = try reader.read() }
}

extension Optional: CacheCodable where Wrapped: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    switch self {
    case .none: writer.write(false)
    case .some(let value):
      writer.write(true)
      writer.write(value)
    }
  }

  /// Inlined, as the empty arrays' and dictionaries' reads below: a call per optional field
  /// was ~55 instructions, most of them the call's (~1.2 million a re-check at 5,000 files).
  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    self = try reader.read() ? .some(try reader.read()) : .none
  }
}

extension Array: CacheCodable where Element: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(count)
    for element in self { writer.write(element) }
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    let count: Int = try reader.read()
    // Most lists are empty: reserving nothing still goes through the buffer's slow path.
    guard count != 0 else {
      self.init()
      return
    }
    try self.init(count: count, from: &reader)
  }

  private init(count: Int, from reader: inout CacheReader) throws(CacheReader.Malformed) {
    // Every element takes at least one byte: a corrupted count cannot reserve gigabytes.
    guard count >= 0, count <= reader.remaining else { throw CacheReader.Malformed() }
    self.init()
    reserveCapacity(count)
    for _ in 0..<count { append(try reader.read()) }
  }
}

extension Dictionary: CacheCodable where Key: CacheCodable, Value: CacheCodable {
  func encode(to writer: inout CacheWriter) {
    writer.write(count)
    guard writer.canonical else {
      for (key, value) in self {
        writer.write(key)
        writer.write(value)
      }
      return
    }
    var entries: [[UInt8]] = []
    for (key, value) in self {
      var entry = CacheWriter()
      entry.canonical = true
      entry.write(key)
      entry.write(value)
      entries.append(entry.bytes)
    }
    for entry in entries.sorted(by: { $0.lexicographicallyPrecedes($1) }) { writer.write(blob: entry) }
  }

  @inline(__always)
  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    let count: Int = try reader.read()
    // Most are empty (a call site's two tables of untyped closure parameters).
    guard count != 0 else {
      self.init()
      return
    }
    try self.init(count: count, from: &reader)
  }

  private init(count: Int, from reader: inout CacheReader) throws(CacheReader.Malformed) {
    guard count >= 0, count <= reader.remaining else { throw CacheReader.Malformed() }
    self.init(minimumCapacity: count)
    for _ in 0..<count {
      let key: Key = try reader.read()
      // Typed apart: `self[key] = try reader.read()` would read a `Value?`.
      let value: Value = try reader.read()
      self[key] = value
    }
  }
}

extension CacheReader {
  var remaining: Int { end - offset }

  /// Where the next read starts in the bytes.
  var position: Int { offset }
}

extension CacheReader {
  /// What an array of `CachePair` wrote, made straight into the tuples a summary keeps:
  /// decoding `[CachePair]` and mapping it built each list twice, and the map's unlabeled
  /// tuples were force-cast again into the labeled ones (`TypeDecl.init(from:)` took
  /// 131 M instructions of a re-check at 5,000 files, 62 M without).
  mutating func readPairs<First: CacheCodable, Second: CacheCodable, Element>(
    _ make: (First, Second) -> Element
  ) throws(Malformed) -> [Element] {
    let count: Int = try read()
    guard count >= 0, count <= remaining else { throw Malformed() }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count {
      let first: First = try read()
      let second: Second = try read()
      elements.append(make(first, second))
    }
    return elements
  }
}

/// A pair written as two fields: the summaries keep some lists as arrays of tuples.
struct CachePair<First: CacheCodable, Second: CacheCodable>: CacheCodable {
  var first: First
  var second: Second

  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(first)
    writer.write(second)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    first = try reader.read()
    second = try reader.read()
  }
}
#endif

/// The zig-zag varint `CacheWriter.write(_: Int)` writes, decoded from `bytes` at `offset`
/// (moved past it) without reading at or after `end`; `nil` when the bytes end first or the
/// value runs past 64 bits. One decoder for `CacheReader` and for the scans that walk a graph
/// part's bytes in place (`GraphFile.CallScan`), so the two cannot disagree on the format.
@inline(__always)
func decodeZigZagVarint<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, at offset: inout Int, end: Int
) -> Int? where Bytes.Index == Int {
  var result: UInt64 = 0
  var shift: UInt64 = 0
  while true {
    guard offset < end, shift < 64 else { return nil }
    let byte = bytes[offset]
    offset += 1
    result |= UInt64(byte & 0x7f) << shift
    if byte < 0x80 { break }
    shift += 7
  }
  let value = Int(truncatingIfNeeded: Int64(bitPattern: result))
  return Int(bitPattern: UInt(bitPattern: value) >> 1) ^ -(value & 1)
}
