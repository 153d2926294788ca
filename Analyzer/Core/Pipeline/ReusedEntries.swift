#if ImplicitsAnalysis
import Foundation

/// Where each function entry of the last run's interface lies in the interface file that
/// run wrote, and what the re-check needs to tell which entries an edit can reach
/// (`ReprintedEntries`): a re-check copies every other entry's bytes from the old file
/// (`OutputFile.Stream.write(old:)`) instead of making and printing it.
///
/// The bytes are not copied into the cache (the interface is tens of MB): they are read
/// from the interface file itself, which is trusted only while it is the very file the last
/// run left — same device, inode, size, modification and change time (`Identity`, taken
/// from the open file after it was renamed into place: any write, `touch` or rename over it
/// changes one of them). Anything else (no file, another file, a file of another analyzer
/// build or another output path) reuses nothing, silently: that is not a damaged cache.
///
/// The record is `<cache-dir>/<Module>.interface-entries`: a framed, checksummed body
/// (`CacheFrame`) written to a temporary file and renamed into place; a truncated,
/// corrupted or foreign one is ignored with one warning and every entry is printed anew.
/// It describes the run that wrote it and no later one: every cached run removes it before
/// it changes any other cache entry (`CheckRun.run`), and writes it anew at its end.
final class ReusedEntries: @unchecked Sendable {
  static let magic = Array("implicits-interface-entries 7\n".utf8)

  /// What a file is, as `fstat` says: any change to its bytes changes its times.
  struct Identity: Equatable, CacheCodable {
    var device: Int
    var inode: Int
    var size: Int
    var modified: Int
    var changed: Int

    init?(descriptor: Int32) {
      var status = stat()
      guard descriptor >= 0, fstat(descriptor, &status) == 0 else { return nil }
      device = Int(truncatingIfNeeded: status.st_dev)
      inode = Int(truncatingIfNeeded: status.st_ino)
      size = Int(status.st_size)
      // Darwin and Linux name the same `timespec` fields differently.
      #if canImport(Darwin)
        let (modification, change) = (status.st_mtimespec, status.st_ctimespec)
      #else
        let (modification, change) = (status.st_mtim, status.st_ctim)
      #endif
      modified = Int(modification.tv_sec) * 1_000_000_000 + Int(modification.tv_nsec)
      changed = Int(change.tv_sec) * 1_000_000_000 + Int(change.tv_nsec)
    }

    func encode(to writer: inout CacheWriter) {
      for value in [device, inode, size, modified, changed] { writer.write(value) }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
      device = try reader.read()
      inode = try reader.read()
      size = try reader.read()
      modified = try reader.read()
      changed = try reader.read()
    }
  }

  /// One run's interface entries and what they were made from.
  struct Record: CacheCodable {
    var analyzer: String
    var output: String
    var identity: Identity
    /// The run-wide inputs every entry depends on (`ReprintedEntries.runInputs`).
    var run: ContentHash
    /// The source files, by summary index, and each one's summary entry (its path, bytes
    /// and conditions: `SummaryCache.entryName`).
    var paths: [String]
    var summaries: [String]
    /// Per file, its bodies whose edges came from or were written in other files, then,
    /// with those files (`ReprintedEntries.upstreamFiles`): an edit that removes such an
    /// edge cannot be seen in this run's graph.
    var upstream: [[Int]]
    /// Per file, a digest of its type facts (`ReprintedEntries.typeFactsDigest`): an edit
    /// that changes them can move a call between two files it did not touch.
    var typeFacts: [ContentHash]
    /// Per file, the names its type facts are filed under (`ReprintedEntries.typeFactNames`):
    /// a next run that finds the file gone searches the other files for them.
    var typeNames: [String]
    /// Per entry, in interface order: its function's file (summary index) and index among
    /// the file's functions.
    var files: [Int]
    var functions: [Int]
    /// Entry `i`'s bytes (its separator first) are `lengths[i]` long and follow entry
    /// `i - 1`'s; the first starts at `start`.
    var start: Int
    var lengths: [Int]
    /// Each entry's link files and closure types (`EntryLinkFacts`), by position.
    var links: EntryLinkFacts
    /// The interface's `files`, by summary index: what its entries' file numbers meant,
    /// for a re-check that renumbers the copied ones (`EntryRenumbering`).
    var linkedFiles: [Int]

    func encode(to writer: inout CacheWriter) {
      writer.write(analyzer)
      writer.write(output)
      writer.write(identity)
      writer.write(run)
      writer.write(blob: Self.joined(paths))
      writer.write(blob: Self.joined(summaries))
      writer.write(upstream)
      writer.write(typeFacts)
      writer.write(blob: Self.joined(typeNames))
      writer.write(files)
      writer.write(functions)
      writer.write(start)
      writer.write(lengths)
      writer.write(links)
      writer.write(linkedFiles)
    }

    init(
      analyzer: String, output: String, identity: Identity, run: ContentHash, paths: [String], summaries: [String],
      upstream: [[Int]], typeFacts: [ContentHash], typeNames: [String], files: [Int], functions: [Int], start: Int,
      lengths: [Int], links: EntryLinkFacts, linkedFiles: [Int]
    ) {
      self.typeNames = typeNames
      self.linkedFiles = linkedFiles
      (self.analyzer, self.output, self.identity, self.run) = (analyzer, output, identity, run)
      (self.paths, self.summaries, self.upstream, self.typeFacts) = (paths, summaries, upstream, typeFacts)
      (self.files, self.functions, self.start, self.lengths) = (files, functions, start, lengths)
      self.links = links
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
      analyzer = try reader.read()
      output = try reader.read()
      identity = try reader.read()
      run = try reader.read()
      paths = try Self.split(reader.readBlob())
      summaries = try Self.split(reader.readBlob())
      upstream = try reader.read()
      typeFacts = try reader.read()
      typeNames = try Self.split(reader.readBlob())
      files = try reader.read()
      functions = try reader.read()
      start = try reader.read()
      lengths = try reader.read()
      links = try reader.read()
      linkedFiles = try reader.read()
      // Every index in range and every range inside the file: a record that passed its
      // checksum but does not fit is not used.
      let count = paths.count
      guard summaries.count == count, upstream.count == count, typeFacts.count == count, typeNames.count == count, functions.count == files.count,
        lengths.count == files.count, start >= 0,
        files.allSatisfy({ (0..<count).contains($0) }), functions.allSatisfy({ $0 >= 0 }),
        upstream.allSatisfy({ $0.allSatisfy { $0 >= -1 } }), lengths.allSatisfy({ $0 > 0 }),
        start + lengths.reduce(0, +) <= identity.size, links.fits(entries: files.count, fileCount: count),
        linkedFiles.allSatisfy({ (0..<count).contains($0) })
      else { throw CacheReader.Malformed() }
    }

    /// Strings written once each (paths, summary entry names), one after another, each
    /// ended by a 0: `CacheWriter.write(_: String)` looks every string up in the strings
    /// it wrote before, which these never are (~2,500 instructions a string: 10,000 of
    /// them were 25 M instructions of the record's 44 M at 5,000 generated files, on the
    /// main thread at the end of a re-check). Neither a path (a file the run opened) nor an
    /// entry name (hexadecimal) holds a 0; were one to, the record would read back with too
    /// many strings and be ignored with a warning, never misread.
    static func joined(_ strings: [String]) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(strings.reduce(0) { $0 + $1.utf8.count + 1 })
      for string in strings {
        bytes.append(contentsOf: string.utf8)
        bytes.append(0)
      }
      return bytes
    }

    /// The strings `joined` wrote; `Malformed` when one is not UTF-8 or the last is not ended.
    static func split(_ bytes: [UInt8]) throws(CacheReader.Malformed) -> [String] {
      guard bytes.last ?? 0 == 0 else { throw CacheReader.Malformed() }
      var strings: [String] = []
      let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        for end in buffer.indices where buffer[end] == 0 {
          let utf8 = UnsafeBufferPointer(rebasing: buffer[start..<end])
          if utf8.allSatisfy({ $0 < 0x80 }) {
            strings.append(String(decoding: utf8, as: UTF8.self))
          } else if let text = String(validating: utf8, as: UTF8.self) {
            strings.append(text)
          } else {
            return false
          }
          start = end + 1
        }
        return true
      }
      guard parsed else { throw CacheReader.Malformed() }
      return strings
    }

    /// Where entry `position`'s bytes are in the old file, for every entry.
    var ranges: [Range<Int>] {
      var at = start
      return lengths.map { length in
        defer { at += length }
        return at..<(at + length)
      }
    }
  }

  /// The record file's path in `directory`.
  static func path(directory: String, moduleName: String) -> String {
    directory + "/" + moduleName + ".interface-entries"
  }

  /// The last run's record, read and removed (this run will change the caches it
  /// describes), if it was written by `analyzer`; and a warning when it was damaged.
  static func take(path: String, analyzer: String) -> (record: Record?, warning: String?) {
    guard let bytes = CacheFrames.contents(of: path) else { return (nil, nil) }
    unlink(path)
    do {
      let record: Record = try CacheFrame.decode(bytes, magic: magic, file: 0)
      return (record.analyzer == analyzer ? record : nil, nil)
    } catch {
      return (nil, "\(path): warning: ignored the interface's recorded entries (\(error.reason)); every entry was printed anew")
    }
  }

  /// This run's entries: where each one's bytes went, by position (written by the writer
  /// as it hands pieces to the file, one thread).
  private(set) var lengths: [Int]
  private(set) var start = -1
  /// Entries copied from the old file in this run (tests and benchmarks).
  private(set) var copied = 0
  /// Of those, the ones copied with their numbers rewritten (`EntryRenumbering`).
  private(set) var renumbered = 0

  init(count: Int) { lengths = Array(repeating: 0, count: count) }

  /// Records that entry `position` was written at `range` of the new file.
  func record(at position: Int, range: Range<Int>, copied: Bool, renumbered: Bool = false) {
    if position == 0 { start = range.lowerBound }
    lengths[position] = range.count
    if copied { self.copied += 1 }
    if renumbered { self.renumbered += 1 }
  }

  /// Writes the record of this run for the file now at `output` (`identity`); nothing when
  /// not every entry was recorded.
  func save(
    path: String, analyzer: String, output: String, identity: Identity?, run: ContentHash?, paths: [String],
    summaries: [String], upstream: [[Int]], typeFacts: [ContentHash], typeNames: [String], order: [(file: Int, function: Int)],
    links: EntryLinkFacts, linkedFiles: [Int]
  ) {
    guard let identity, let run, start >= 0 || lengths.isEmpty, !lengths.contains(0), order.count == lengths.count
    else { return }
    let record = Record(
      analyzer: analyzer, output: output, identity: identity, run: run, paths: paths, summaries: summaries,
      upstream: upstream, typeFacts: typeFacts, typeNames: typeNames, files: order.map(\.file), functions: order.map(\.function), start: max(start, 0),
      lengths: lengths, links: links, linkedFiles: linkedFiles)
    try? OutputFile.write(CacheFrame.encode(record, magic: Self.magic), to: path)
  }
}
#endif
