#if ImplicitsAnalysis
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The solved graph of the last cached run, `<cache-dir>/<Module>.graph` (design step 2 of
/// the change-driven graph, `Benchmarks/Analyzer/README.md`): what a later run patches
/// instead of building the whole graph again (step 4). Nothing reads it to make outputs yet;
/// the oracle (`GraphOracle`) compares it with the graph a re-check builds.
///
/// Layout: a magic line, then one frame per part (`CacheFrames.frame`: the part's name, the
/// body's length and checksum, the body) — the module part (nodes of no file) first, then
/// each file's, in the run's file order — then the index (a frame too: the analyzer, the
/// run-wide inputs, each file's path and summary entry, each part's length), then the
/// index's offset in 8 bytes. A reader reads the index from the end and then only the parts
/// it asks for, each checked against its checksum (`Reader`).
///
/// Written whole at the end of a cached run, to a temporary file renamed over the old one
/// (`OutputFile.Stream`), one part at a time. A file that is truncated, corrupted, of
/// another format or version is ignored with one warning; one of another analyzer build or
/// module is ignored silently, as every cache file of such a build is (`ReusedEntries`).
enum GraphFile {
  static let magic = Array("implicits-graph 4\n".utf8)
  private static let indexName = "index"
  private static let trailerSize = 8

  struct Unreadable: Error {
    var reason: String
  }

  /// The file's path in `directory`.
  static func path(directory: String, moduleName: String) -> String {
    directory + "/" + moduleName + ".graph"
  }

  /// What the parts were made from, besides the files' summaries.
  struct Index: CacheCodable, Equatable {
    var analyzer: String
    var moduleName: String
    /// `AnalysisOptions.runInputs()`: the dependencies' interfaces, testable modules, defines, exporting.
    var inputs: ContentHash
    /// By this run's file order; `summaries[i]` is file `i`'s summary entry
    /// (`SummaryCache.entryName`: its path, bytes and conditions).
    var paths: [String]
    var summaries: [String]
    /// Each part's frame length, the module part's first.
    var lengths: [Int]
    /// Per file, whether its part has its loop's record (`LoopRecord`): known before any
    /// part is read, so that the lookups skip the files a re-check replays.
    var loops: [Bool] = []
    /// Per file, its part's digest (`PartDigest`) as two words: a later run whose part would
    /// digest the same copies this one's bytes (`write`).
    var digests: [Int] = []

    func encode(to writer: inout CacheWriter) { encode(into: &writer) }

    func encode(into writer: inout some CacheWriting) {
      writer.write(analyzer)
      writer.write(moduleName)
      inputs.encode(into: &writer)
      writer.write(strings: paths)
      writer.write(strings: summaries)
      writer.write(lengths.count)
      for length in lengths { writer.write(length) }
      writer.write(loops.count)
      for loop in loops { writer.write(loop) }
      writer.write(digests.count)
      for digest in digests { writer.write(digest) }
    }

    /// File `file`'s part's digest.
    func digest(ofFile file: Int) -> PartDigest {
      PartDigest(a: UInt64(bitPattern: Int64(digests[2 * file])), b: UInt64(bitPattern: Int64(digests[2 * file + 1])))
    }

    init(
      analyzer: String, moduleName: String, inputs: ContentHash, paths: [String], summaries: [String], lengths: [Int],
      loops: [Bool], digests: [Int]
    ) {
      (self.analyzer, self.moduleName, self.inputs) = (analyzer, moduleName, inputs)
      (self.paths, self.summaries, self.lengths, self.loops, self.digests) = (paths, summaries, lengths, loops, digests)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
      analyzer = try reader.read()
      moduleName = try reader.read()
      inputs = try reader.read()
      paths = try reader.read()
      summaries = try reader.read()
      lengths = try reader.read()
      loops = try reader.read()
      digests = try reader.read()
      guard summaries.count == paths.count, lengths.count == paths.count + 1, lengths.allSatisfy({ $0 > 0 }),
        loops.count == paths.count, digests.count == 2 * paths.count
      else { throw CacheReader.Malformed() }
    }
  }


  /// The last run's parts a write may copy (`Encoder.digest(file:)`): per file of this run,
  /// the last run's file whose part it would copy, or -1; and whether that part was read and
  /// checked this run already (a replayed loop's) or must be checked when copied.
  struct Reuse {
    let reader: Reader
    let parts: [Int32]
    let checked: [Bool]
    /// Planted (`IMPLICITS_PATCHED_GRAPH_PLANT=copy`): copied whatever the digests say.
    var blind = false
  }

  /// Writes the graph `encoder` encodes (module part, then each file's) in place of the
  /// file at `path`, a part at a time; a part `reuse` names whose digest is the last run's
  /// is copied from the last run's file, not encoded (`PartDigest`).
  /// - Returns: the file's size and the parts copied (`nil` without `reuse`).
  @discardableResult
  static func write(
    _ encoder: consuming Encoder, to path: String, analyzer: String, moduleName: String, inputs: ContentHash,
    summaries: [String], reuse: Reuse? = nil
  ) throws(AnalysisFailure) -> (size: Int, copied: Int?) {
    let stream = OutputFile.Stream(path: path)
    magic.withUnsafeBytes { stream.write($0) }
    var lengths: [Int] = []
    lengths.reserveCapacity(encoder.paths.count + 1)
    var digests: [Int] = []
    digests.reserveCapacity(2 * encoder.paths.count)
    let paths = encoder.paths
    var header = PartWriter()
    // Copied parts that lie one after another in the last file, copied at once.
    var pending: Range<Int>?
    var copied = 0
    var failed = false
    func flush() {
      guard let range = pending, let reuse else { return }
      pending = nil
      if !reuse.reader.copy(range, to: stream) { failed = true }
    }
    for file in [nil] + paths.indices.map(Optional.some) {
      if let file {
        let digest = encoder.digest(file: file)
        digests.append(Int(Int64(bitPattern: digest.a)))
        digests.append(Int(Int64(bitPattern: digest.b)))
        if let reuse, reuse.parts[file] >= 0, reuse.blind || reuse.reader.index.digest(ofFile: Int(reuse.parts[file])) == digest {
          let old = Int(reuse.parts[file])
          if reuse.checked[file] {
            let range = reuse.reader.frame(ofFile: old)
            if let before = pending, before.upperBound == range.lowerBound {
              pending = before.lowerBound..<range.upperBound
            } else {
              flush()
              pending = range
            }
            lengths.append(range.count)
            copied += 1
            continue
          }
          if let frame = try? reuse.reader.partBody(ofFile: old) {
            flush()
            frame.bytes.withUnsafeBytes { stream.write($0) }
            lengths.append(frame.bytes.count)
            copied += 1
            continue
          }
        }
      }
      flush()
      encoder.withPart(file: file) { body in
        header.reset()
        CacheFrames.header(entry: file.map { paths[$0] } ?? "", body: body, into: &header)
        stream.write(header.output.bytes)
        stream.write(body)
        lengths.append(header.output.count + body.count)
      }
    }
    flush()
    // The last file could not be read after all: no file rather than a wrong one (the
    // temporary one goes with the stream).
    if failed { throw AnalysisFailure(description: "\(path): the last run's graph could not be read") }
    let indexOffset = stream.offset
    var body = PartWriter()
    Index(
      analyzer: analyzer, moduleName: moduleName, inputs: inputs, paths: paths, summaries: summaries, lengths: lengths,
      loops: encoder.hasLoops, digests: digests
    ).encode(into: &body)
    header.reset()
    CacheFrames.header(entry: indexName, body: body.output.bytes, into: &header)
    stream.write(header.output.bytes)
    stream.write(body.output.bytes)
    let trailer = (0..<trailerSize).map { UInt8(truncatingIfNeeded: UInt64(indexOffset) >> (8 * UInt64($0))) }
    trailer.withUnsafeBytes { stream.write($0) }
    try stream.finish()
    return (stream.offset, reuse == nil ? nil : copied)
  }

  /// The file, opened: its index read, its parts read when asked for.
  final class Reader: @unchecked Sendable {
    let index: Index
    private let descriptor: Int32
    /// Where each part's frame starts (the module part's first).
    private let starts: [Int]

    /// The file at `path`, if there is one of `analyzer` and `moduleName`; a warning if
    /// there is one that cannot be read.
    static func opened(path: String, analyzer: String, moduleName: String) -> (reader: Reader?, warning: String?) {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return (nil, nil) }
      do {
        let index = try readIndex(descriptor)
        guard index.index.analyzer == analyzer, index.index.moduleName == moduleName else {
          close(descriptor)
          return (nil, nil)
        }
        return (Reader(descriptor: descriptor, index: index.index, end: index.offset), nil)
      } catch {
        close(descriptor)
        return (nil, warning(path, error.reason))
      }
    }

    static func warning(_ path: String, _ reason: String) -> String {
      "\(path): warning: ignored the last run's graph (\(reason)); it is made anew"
    }

    private init(descriptor: Int32, index: Index, end: Int) {
      self.descriptor = descriptor
      self.index = index
      var at = magic.count
      starts = index.lengths.map { length in
        defer { at += length }
        return at
      }
    }

    deinit { close(descriptor) }

    /// The part of no file.
    func modulePart() throws(Unreadable) -> Part { try part(slot: 0, name: "") }

    /// File `file`'s part (by the index's order).
    func part(ofFile file: Int) throws(Unreadable) -> Part { try part(slot: file + 1, name: index.paths[file]) }

    /// The file whose path is `path`, if the last run had it.
    func file(path: String) -> Int? { index.paths.firstIndex(of: path) }

    private func part(slot: Int, name: String) throws(Unreadable) -> Part {
      let (bytes, body) = try partBody(slot: slot, name: name)
      do {
        let part = try Part(body: bytes, body)
        guard part.path == name else { throw Unreadable(reason: "part \(slot) malformed") }
        return part
      } catch let unreadable as Unreadable {
        throw unreadable
      } catch {
        throw Unreadable(reason: "part \(slot) malformed")
      }
    }

    /// Where file `file`'s part's frame lies in the file.
    func frame(ofFile file: Int) -> Range<Int> { starts[file + 1]..<(starts[file + 1] + index.lengths[file + 1]) }

    /// Copies the file's bytes at `range` to `stream`, a megabyte at a time.
    func copy(_ range: Range<Int>, to stream: OutputFile.Stream) -> Bool {
      var at = range.lowerBound
      while at < range.upperBound {
        let count = min(1 << 20, range.upperBound - at)
        guard let bytes = try? GraphFile.read(descriptor, at: at, count: count) else { return false }
        bytes.withUnsafeBytes { stream.write($0) }
        at += count
      }
      return true
    }

    /// File `file`'s part as bytes, its frame and checksum checked, not decoded: `bytes[body]`
    /// is what `Encoder.part(file:)` wrote (`GraphFile.CallScan` reads it in place).
    func partBody(ofFile file: Int) throws(Unreadable) -> (bytes: [UInt8], body: Range<Int>) {
      try partBody(slot: file + 1, name: index.paths[file])
    }

    private func partBody(slot: Int, name: String) throws(Unreadable) -> (bytes: [UInt8], body: Range<Int>) {
      let bytes = try GraphFile.read(descriptor, at: starts[slot], count: index.lengths[slot])
      var reader = CacheReader(bytes, file: 0)
      do {
        let entry: String = try reader.read()
        let length: Int = try reader.read()
        let checksum: ContentHash = try reader.read()
        guard entry == name, length == reader.remaining else { throw Unreadable(reason: "part \(slot) framed wrongly") }
        var hash = ContentHash()
        bytes.withUnsafeBytes { hash.add(bytes: UnsafeRawBufferPointer(rebasing: $0[reader.position...])) }
        guard hash == checksum else { throw Unreadable(reason: "part \(slot): checksum mismatch (corrupted)") }
        return (bytes, reader.position..<bytes.count)
      } catch let unreadable as Unreadable {
        throw unreadable
      } catch {
        throw Unreadable(reason: "part \(slot) malformed")
      }
    }
  }

  /// The index and where it starts, checked: magic, trailer, the index's frame and checksum,
  /// and the parts' lengths adding up to the bytes between.
  private static func readIndex(_ descriptor: Int32) throws(Unreadable) -> (index: Index, offset: Int) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Unreadable(reason: "cannot be read") }
    let size = Int(status.st_size)
    guard size >= magic.count + trailerSize else { throw Unreadable(reason: "truncated (\(size) bytes)") }
    guard try read(descriptor, at: 0, count: magic.count) == magic else {
      throw Unreadable(reason: "not a graph of this analyzer's format")
    }
    let trailer = try read(descriptor, at: size - trailerSize, count: trailerSize)
    let offset = Int(trailer.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0x7fff_ffff_ffff_ffff)
    guard offset >= magic.count, offset < size - trailerSize else {
      throw Unreadable(reason: "truncated or malformed (index at \(offset) of \(size) bytes)")
    }
    let bytes = try read(descriptor, at: offset, count: size - trailerSize - offset)
    var reader = CacheReader(bytes, file: 0)
    do {
      let entry: String = try reader.read()
      let length: Int = try reader.read()
      let checksum: ContentHash = try reader.read()
      guard entry == indexName, length == reader.remaining else {
        throw Unreadable(reason: "truncated or malformed (index at \(offset) of \(size) bytes)")
      }
      var hash = ContentHash()
      bytes.withUnsafeBytes { hash.add(bytes: UnsafeRawBufferPointer(rebasing: $0[reader.position...])) }
      guard hash == checksum else { throw Unreadable(reason: "index: checksum mismatch (corrupted)") }
      var body = CacheReader(bytes, from: reader.position, file: 0)
      let index: Index = try body.read()
      guard body.isAtEnd, magic.count + index.lengths.reduce(0, +) == offset else {
        throw Unreadable(reason: "index malformed")
      }
      return (index, offset)
    } catch let unreadable as Unreadable {
      throw unreadable
    } catch {
      throw Unreadable(reason: "index malformed")
    }
  }

  private static func read(_ descriptor: Int32, at offset: Int, count: Int) throws(Unreadable) -> [UInt8] {
    var failed = false
    let bytes = [UInt8](uninitializedCount: count) { buffer, got in
      while got < count {
        let read = pread(descriptor, buffer.baseAddress! + got, count - got, off_t(offset + got))
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else { break }
        got += read
      }
      failed = got < count
    }
    if failed { throw Unreadable(reason: "truncated (cannot read \(count) bytes at \(offset))") }
    return bytes
  }
}
#endif
