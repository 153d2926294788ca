#if ImplicitsAnalysis
import Foundation

/// Every file's `ResolvedKeysRecord`, by the name of its summary entry, in one file of the
/// summary cache: a re-check reads one file, not one per source file.
///
/// Each record is encoded on its own (a blob), so that the file is split into records
/// cheaply, records are decoded by the worker that needs them, and records kept from the
/// last run are written back as they were read. The file holds the records this run
/// looked up and found valid, and those it made; records of contents that are gone drop
/// out. Written whole (`OutputFile`: a temporary file renamed into place) when anything
/// changed; two runs writing it at once leave one of the two, and each record is checked
/// against the module before it is used, whoever wrote it. A file that cannot be read is
/// ignored (`problem`): every key is resolved anew.
final class ResolvedKeysStore: @unchecked Sendable {
  static let fileName = "resolved-keys"
  static let magic = Array("implicits-keys 3\n".utf8)

  private let path: String
  private let lock = NSLock()
  private var loaded: [String: [UInt8]]?
  private var kept: [String: [UInt8]] = [:]
  private var changed = false
  /// Why the file or a record could not be read, if one could not.
  private(set) var problem: String?
  /// Records made (not found) in this run.
  private(set) var recorded = 0
  /// Records found whose frames were simulated again in this run (an alias they read
  /// changed, or they could not be read), and those whose frames were replayed.
  private(set) var resimulated = 0
  private(set) var replayed = 0

  init(path: String) { self.path = path }

  /// The record stored for `entry` (or made earlier in this run, for another build
  /// configuration); `keep(recordOf:)` it if it still holds.
  func record(for entry: String) -> ResolvedKeysRecord? {
    let blob = lock.withLock {
      if loaded == nil { loaded = load() }
      return kept[entry] ?? loaded?[entry]
    }
    guard let blob else { return nil }
    var reader = CacheReader(blob, file: 0)
    guard let record = try? ResolvedKeysRecord(from: &reader), reader.isAtEnd else {
      lock.withLock { problem = problem ?? "a record is malformed" }
      return nil
    }
    return record
  }

  /// A record read whole whose frames could not be read: recomputed, and said once.
  func framesMalformed() {
    lock.withLock { problem = problem ?? "a record's frames are malformed" }
  }

  /// Keeps the record read for `entry` for the next run: it still holds.
  func keep(recordOf entry: String) {
    lock.withLock { kept[entry] = kept[entry] ?? loaded?[entry] }
  }

  /// Keeps a new record for `entry`.
  /// - Parameter resimulated: whether only its frames are new (`SimulatedFrames`).
  func keep(_ record: ResolvedKeysRecord, for entry: String, resimulated: Bool = false) {
    var writer = CacheWriter()
    writer.write(record)
    lock.withLock {
      kept[entry] = writer.bytes
      changed = true
      if resimulated { self.resimulated += 1 } else { recorded += 1 }
    }
  }

  /// Counts a record whose frames were replayed.
  func replayedFrames() {
    lock.withLock { replayed += 1 }
  }

  /// Best effort: a file that cannot be written costs the next run the resolution.
  func save() {
    let (records, stale) = lock.withLock { (kept, changed || kept.count != (loaded?.count ?? 0)) }
    guard stale else { return }
    let table = Table(records: records.map { ($0.key, $0.value) })
    try? OutputFile.write(Data(CacheFrame.encode(table, magic: Self.magic)), to: path)
  }

  private func load() -> [String: [UInt8]] {
    guard let data = FileManager.default.contents(atPath: path) else { return [:] }
    do {
      let table: Table = try CacheFrame.decode([UInt8](data), magic: Self.magic, file: 0)
      return Dictionary(table.records, uniquingKeysWith: { first, _ in first })
    } catch {
      problem = error.reason
      return [:]
    }
  }

  private struct Table: CacheCodable {
    var records: [(entry: String, blob: [UInt8])]

    init(records: [(entry: String, blob: [UInt8])]) { self.records = records }

    func encode(to writer: inout CacheWriter) {
      writer.write(records.count)
      for (entry, blob) in records {
        writer.write(entry)
        writer.write(blob: blob)
      }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
      let count: Int = try reader.read()
      guard count >= 0, count <= reader.remaining else { throw CacheReader.Malformed() }
      records = []
      records.reserveCapacity(count)
      for _ in 0..<count {
        let entry: String = try reader.read()
        records.append((entry, try reader.readBlob()))
      }
    }
  }
}
#endif
