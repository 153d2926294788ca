#if ImplicitsAnalysis
import Foundation

/// Outputs of the last `check`, keyed by a fingerprint of every input: the content hash
/// of each source file and dependency interface, and the options. A re-run with no change
/// costs reading and hashing the files, not parsing them.
struct ResultCache {
  let directory: String
  let moduleName: String

  private var path: String { directory + "/" + moduleName + ".implicits-cache" }

  private struct Entry: Codable {
    var fingerprint: String
    var outputs: CheckOutputs
  }

  /// - Parameter outputs: which outputs are requested, in which format.
  static func fingerprint(options: AnalysisOptions, outputs: String, sources: [SourceText]) -> String {
    var hash = ContentHash()
    hash.add(AnalyzerVersion.current)
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
      var fileHash = ContentHash()
      fileHash.add(bytes: source.bytes)
      hash.add(fileHash.hex)
    }
    return hash.hex
  }

  func load(fingerprint: String) -> CheckOutputs? {
    guard let data = FileManager.default.contents(atPath: path),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.fingerprint == fingerprint
    else { return nil }
    return entry.outputs
  }

  /// Best effort: a cache that cannot be written only costs time next run.
  func store(_ outputs: CheckOutputs, fingerprint: String) {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    guard let data = try? JSONEncoder().encode(Entry(fingerprint: fingerprint, outputs: outputs)) else { return }
    try? OutputFile.write(data, to: path)
  }
}

/// 64-bit FNV-1a, twice with different seeds for 128 bits: fast and stable across runs
/// (unlike `Hasher`, which is seeded per process).
struct ContentHash {
  private var a: UInt64 = 0xcbf2_9ce4_8422_2325
  private var b: UInt64 = 0x6c62_272e_07bb_0142

  mutating func add(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      var a = self.a
      var b = self.b
      for byte in buffer {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 1
      }
      self.a = a
      self.b = b
    }
    add(separator: bytes.count)
  }

  mutating func add(_ string: String) { add(bytes: Array(string.utf8)) }

  private mutating func add(separator count: Int) {
    a = (a ^ UInt64(truncatingIfNeeded: count)) &* 0x0000_0100_0000_01b3
  }

  var hex: String { String(a, radix: 16) + String(b, radix: 16) }
}
#endif
