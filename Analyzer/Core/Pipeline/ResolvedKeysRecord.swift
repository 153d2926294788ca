#if ImplicitsAnalysis
/// One file's resolved keys, stored by its summary's entry name (`ResolvedKeysStore`),
/// with what resolving them read from other files: a re-check replays them when none of
/// that changed, instead of resolving every key of the module again.
///
/// The file's own content is in the entry's name. What else decides its keys is recorded:
/// the trait keys its test functions inherit from suites in other files
/// (`ProvidedByLibrary.inheritInvokeTestKeys`), and the digest of each identifier key
/// resolution looked up (`KeyResolutionReads`, `KeyResolutionInputs`).
///
/// It also carries the file's simulated frames (`SimulatedFrames`), which hold with it
/// and the aliases they read; encoded apart (a blob), since their locations are read into
/// the file's index in this run, which the record is not told when it is split out.
struct ResolvedKeysRecord: CacheCodable {
  var traitKeys: ContentHash
  var reads: [(identifier: String, digest: ContentHash)]
  var resolved: [FileAnalyzer.ResolvedKey: KeyName?]
  /// `SimulatedFrames`, encoded.
  var frames: [UInt8]

  init(
    traitKeys: ContentHash, reads: KeyResolutionReads, inputs: KeyResolutionInputs,
    resolved: [FileAnalyzer.ResolvedKey: KeyName?], frames: SimulatedFrames
  ) {
    self.traitKeys = traitKeys
    self.reads = reads.identifiers.sorted().map { ($0, inputs.digest(of: $0)) }
    self.resolved = resolved
    self.frames = []
    self.frames(frames)
  }

  /// Replaces the frames (simulated again because an alias they read changed).
  mutating func frames(_ frames: SimulatedFrames) {
    var writer = CacheWriter()
    writer.write(frames)
    self.frames = writer.bytes
  }

  /// The frames, their locations in file `index`.
  func frames(file index: Int) throws(CacheReader.Malformed) -> SimulatedFrames {
    var reader = CacheReader(frames, file: Int32(index))
    let frames: SimulatedFrames = try reader.read()
    guard reader.isAtEnd else { throw CacheReader.Malformed() }
    return frames
  }

  /// Whether the keys were resolved from the same inputs as `summary`'s would be now.
  func holds(for summary: FileSummary, _ inputs: KeyResolutionInputs) -> Bool {
    traitKeys == Self.traitKeys(of: summary) && reads.allSatisfy { inputs.digest(of: $0.identifier) == $0.digest }
  }

  /// The trait keys of the file's functions before resolution, some inherited across files.
  static func traitKeys(of summary: FileSummary) -> ContentHash {
    var hash = ContentHash()
    for (index, function) in summary.declarations.functions.enumerated() {
      guard let keys = function.traitKeys else { continue }
      hash.add(String(index))
      for key in keys { hash.add(key) }
    }
    return hash
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(traitKeys)
    writer.write(reads.count)
    for (identifier, digest) in reads {
      writer.write(identifier)
      writer.write(digest)
    }
    // In the dictionary's order, which differs between runs: the bytes of a record are
    // not compared, only what it says.
    writer.write(resolved.count)
    for (pair, identity) in resolved {
      writer.write(pair.key)
      writer.write(pair.context)
      writer.write(identity)
    }
    writer.write(blob: frames)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    traitKeys = try reader.read()
    let readCount: Int = try reader.read()
    guard readCount >= 0, readCount <= reader.remaining else { throw CacheReader.Malformed() }
    reads = []
    for _ in 0..<readCount {
      let identifier: String = try reader.read()
      let digest: ContentHash = try reader.read()
      reads.append((identifier, digest))
    }
    let pairCount: Int = try reader.read()
    guard pairCount >= 0, pairCount <= reader.remaining else { throw CacheReader.Malformed() }
    resolved = [:]
    resolved.reserveCapacity(pairCount)
    for _ in 0..<pairCount {
      let key: WrittenKey = try reader.read()
      let context: String? = try reader.read()
      let identity: KeyName? = try reader.read()
      resolved.updateValue(identity, forKey: .init(key: key, context: context))
    }
    frames = try reader.readBlob()
  }
}
#endif
