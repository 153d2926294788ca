#if ImplicitsAnalysis
import Foundation

/// The diagnostics of the last `check`, keyed by a fingerprint of every input: the
/// content hash of each source file and dependency interface, the options, and the
/// analyzer executable itself (`AnalyzerBinary`: a rebuilt analyzer starts afresh). The output
/// files themselves are not copied: their size and modification time are recorded, and a
/// hit requires them to be still in place, untouched. A re-run with no change costs reading and hashing
/// the files, not parsing them.
struct ResultCache {
  let directory: String
  let moduleName: String

  private var path: String { directory + "/" + moduleName + ".implicits-cache" }
  private static let magic = "implicits-cache 2"

  /// - Parameter analyzer: the stamp of the analyzer executable (the running one by default).
  static func fingerprint(
    options: AnalysisOptions, outputs: String, sources: [SourceText], analyzer: String = AnalyzerBinary.stamp
  ) -> String {
    var hash = ContentHash()
    hash.add(analyzer)
    hash.add(options.moduleName)
    hash.add(outputs)
    hash.add(options.enableExporting ? "exporting" : "")
    for define in Set(options.defines).sorted() { hash.add("D" + define) }
    for name in Set(options.testableDependencies).sorted() { hash.add("T" + name) }
    for interface in options.dependencyInterfaces {
      hash.add("I" + interface)
      hash.add(bytes: [UInt8](FileManager.default.contents(atPath: interface) ?? Data()))
    }
    for source in sources {
      hash.add("S" + source.path)
      hash.add(bytes: source.bytes)
    }
    return hash.hex
  }

  /// Size and modification time of an output file: cheap to check, and any rewrite by
  /// someone else changes it.
  static func stamp(ofFileAt path: String?) -> String {
    guard let path else { return "-" }
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
    else { return "missing" }
    return "\(size.int64Value)@\(date.timeIntervalSince1970)"
  }

  /// What a look-up found: a recorded report, nothing usable (a different fingerprint or
  /// changed outputs: the normal miss), or a file that is not a cache file of this format.
  enum Lookup {
    case hit(CheckRun.Report)
    case miss
    case unreadable(String)
  }

  /// Header lines (magic, fingerprint, error count, hash of the diagnostics, one stamp per
  /// output), then the diagnostics verbatim. The hash tells a whole file from a truncated
  /// or corrupted one.
  func load(fingerprint: String, outputs: [String?]) -> Lookup {
    guard let data = FileManager.default.contents(atPath: path) else { return .miss }
    let headerCount = 4 + outputs.count
    let parts = data.split(separator: UInt8(ascii: "\n"), maxSplits: headerCount, omittingEmptySubsequences: false)
    guard parts.count == headerCount + 1, String(decoding: parts[0], as: UTF8.self) == Self.magic else {
      return .unreadable("\(path): warning: ignored a cache file that could not be read (not of this analyzer's format, or truncated) and rechecked")
    }
    let header = parts.prefix(headerCount).map { String(decoding: $0, as: UTF8.self) }
    guard let errorCount = Int(header[2]) else {
      return .unreadable("\(path): warning: ignored a cache file that could not be read (corrupted error count) and rechecked")
    }
    guard header[3] == Self.hash(parts[headerCount]) else {
      return .unreadable("\(path): warning: ignored a cache file that could not be read (truncated or corrupted) and rechecked")
    }
    guard header[1] == fingerprint else { return .miss }
    for (index, output) in outputs.enumerated() {
      let stamp = Self.stamp(ofFileAt: output)
      guard stamp != "missing", stamp == header[4 + index] else { return .miss }
    }
    return .hit(CheckRun.Report(diagnostics: String(decoding: parts[headerCount], as: UTF8.self), errorCount: errorCount))
  }

  /// Best effort: a cache that cannot be written only costs time next run.
  /// - Parameter outputs: the output files just written.
  func store(_ report: CheckRun.Report, outputs: [String?], fingerprint: String) {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let diagnostics = Data(report.diagnostics.utf8)
    let header = [Self.magic, fingerprint, String(report.errorCount), Self.hash(diagnostics)] + outputs.map(Self.stamp)
    try? OutputFile.write(Data((header.joined(separator: "\n") + "\n").utf8) + diagnostics, to: path)
  }

  private static func hash(_ data: Data) -> String {
    var hash = ContentHash()
    hash.add(bytes: [UInt8](data))
    return hash.hex
  }
}

/// Two 64-bit FNV-style lanes for 128 bits: fast, and stable across runs (unlike
/// `Hasher`, which is seeded per process).
struct ContentHash: Equatable, Sendable {
  private var a: UInt64 = 0xcbf2_9ce4_8422_2325
  private var b: UInt64 = 0x6c62_272e_07bb_0142

  mutating func add(bytes: [UInt8]) {
    bytes.withUnsafeBytes { add(raw: $0) }
  }

  /// The same hash as the bytes in an array: no copy of a part of a buffer to hash it.
  mutating func add(bytes: UnsafeRawBufferPointer) { add(raw: bytes) }

  /// A string's UTF-8 bytes as they are stored: no copy (the key digests hash every
  /// declaration of the module on each run).
  mutating func add(_ string: String) {
    var string = string
    string.withUTF8 { add(raw: UnsafeRawBufferPointer($0)) }
  }

  /// Eight bytes per step (multiply, xor-shift), then the tail byte by byte.
  private mutating func add(raw: UnsafeRawBufferPointer) {
    var a = self.a
    var b = self.b
    var offset = 0
    while offset + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      a = (a ^ word) &* 0x0000_0100_0000_01b3
      a ^= a >> 29
      b = (b ^ word) &* 0x9e37_79b9_7f4a_7c15
      b ^= b >> 31
      offset += 8
    }
    while offset < raw.count {
      a = (a ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01b3
      b = (b ^ UInt64(raw[offset])) &* 0x9e37_79b9_7f4a_7c15
      offset += 1
    }
    // The length separates consecutive inputs.
    a = (a ^ UInt64(truncatingIfNeeded: raw.count)) &* 0x0000_0100_0000_01b3
    self.a = a
    self.b = b
  }

  var hex: String { String(a, radix: 16) + String(b, radix: 16) }

  /// Another hash's 16 bytes, as one input (`KeyResolutionInputs` folds per-file digests).
  mutating func add(_ other: ContentHash) {
    withUnsafeBytes(of: (other.a.littleEndian, other.b.littleEndian)) { add(raw: $0) }
  }

  /// The two lanes, for a table keyed by hashes and for a fixed-width encoding.
  var words: (UInt64, UInt64) { (a, b) }

  init() {}

  init(words: (UInt64, UInt64)) { (a, b) = words }
}

extension ContentHash: CacheCodable {
  func encode(to writer: inout CacheWriter) { encode(into: &writer) }

  func encode(into writer: inout some CacheWriting) {
    writer.write(Int(bitPattern: UInt(a)))
    writer.write(Int(bitPattern: UInt(b)))
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    a = UInt64(UInt(bitPattern: try reader.read() as Int))
    b = UInt64(UInt(bitPattern: try reader.read() as Int))
  }
}
#endif
