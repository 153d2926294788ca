#if ImplicitsAnalysis
/// The framing of every cache file: a magic line naming the format, the body's length and
/// checksum, then the body (`CacheWriter`). A truncated, corrupted or foreign file is told
/// from a whole one before any of it is decoded.
enum CacheFrame {
  struct Unreadable: Error {
    var reason: String
  }

  static func encode(_ value: some CacheCodable, magic: [UInt8]) -> [UInt8] {
    var body = CacheWriter()
    body.write(value)
    var hash = ContentHash()
    hash.add(bytes: body.bytes)
    var header = CacheWriter()
    header.write(body.bytes.count)
    header.write(hash.hex)
    return magic + header.bytes + body.bytes
  }

  /// - Parameter file: the index of the source file the value's locations belong to.
  static func decode<Value: CacheCodable>(_ bytes: [UInt8], magic: [UInt8], file: Int32) throws(Unreadable) -> Value {
    try decode(bytes, magic: magic, file: file) { reader throws(CacheReader.Malformed) in try reader.read() }
  }

  /// - Parameter body: reads the value (another reading than `Value.init(from:)`).
  static func decode<Value>(
    _ bytes: [UInt8], magic: [UInt8], file: Int32, _ body: (inout CacheReader) throws(CacheReader.Malformed) -> Value
  ) throws(Unreadable) -> Value {
    guard bytes.starts(with: magic) else { throw Unreadable(reason: "not an entry of this analyzer's format") }
    var reader = CacheReader(bytes, from: magic.count, file: file)
    do {
      let length: Int = try reader.read()
      let checksum: String = try reader.read()
      guard length == reader.remaining else {
        throw Unreadable(reason: "truncated or overlong (\(reader.remaining) of \(length) bytes)")
      }
      var hash = ContentHash()
      bytes.withUnsafeBytes { hash.add(bytes: UnsafeRawBufferPointer(rebasing: $0[(bytes.count - length)...])) }
      guard hash.hex == checksum else { throw Unreadable(reason: "checksum mismatch (corrupted)") }
      // A reader of its own: the body's strings are numbered from its start.
      var bodyReader = CacheReader(bytes, from: bytes.count - length, file: file)
      let value = try body(&bodyReader)
      guard bodyReader.isAtEnd else { throw CacheReader.Malformed() }
      return value
    } catch let unreadable as Unreadable {
      throw unreadable
    } catch {
      throw Unreadable(reason: "malformed")
    }
  }
}
#endif
