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
///
/// Its pairs are split the same way: those the file's declarations ask
/// (`FileAnalyzer.simulate`'s `declarationKeys`) are decoded with the record; those only
/// its bodies' effects ask are a blob too, decoded only when the effects are walked again.
/// A file whose frames are replayed reads only the first (a few of its pairs: decoding
/// them all was 66 M of the 78 M instructions of the records' check at 1,000 files).
struct ResolvedKeysRecord: CacheCodable {
  var traitKeys: ContentHash
  var reads: [(identifier: String, digest: ContentHash)]
  /// The pairs the declarations ask, with their identities.
  var declared: [FileAnalyzer.ResolvedKey: KeyName?]
  /// The other pairs, encoded (`resolved()`).
  var bodyKeys: [UInt8]
  /// `SimulatedFrames`, encoded.
  var frames: [UInt8]

  /// - Parameter declarationKeys: the pairs of `resolved` the declarations asked.
  init(
    traitKeys: ContentHash, reads: KeyResolutionReads, inputs: KeyResolutionInputs,
    resolved: [FileAnalyzer.ResolvedKey: KeyName?], declarationKeys: Set<FileAnalyzer.ResolvedKey>,
    frames: SimulatedFrames
  ) {
    self.traitKeys = traitKeys
    self.reads = reads.identifiers.sorted().map { ($0, inputs.digest(of: $0)) }
    declared = resolved.filter { declarationKeys.contains($0.key) }
    var writer = CacheWriter()
    writer.write(resolved.count - declared.count)
    // In the dictionary's order, which differs between runs: the bytes of a record are
    // not compared, only what it says.
    for (pair, identity) in resolved where declared[pair] == nil {
      writer.write(pair.key)
      writer.write(pair.context)
      writer.write(identity)
    }
    bodyKeys = writer.bytes
    self.frames = []
    self.frames(frames)
  }

  /// Every pair the file resolves: the declarations' and the bodies'.
  func resolved() throws(CacheReader.Malformed) -> [FileAnalyzer.ResolvedKey: KeyName?] {
    var reader = CacheReader(bodyKeys, file: 0)
    var resolved = declared
    try Self.readPairs(&reader, into: &resolved)
    guard reader.isAtEnd else { throw CacheReader.Malformed() }
    return resolved
  }

  private static func readPairs(
    _ reader: inout CacheReader, into pairs: inout [FileAnalyzer.ResolvedKey: KeyName?]
  ) throws(CacheReader.Malformed) {
    let count: Int = try reader.read()
    guard count >= 0, count <= reader.remaining else { throw CacheReader.Malformed() }
    pairs.reserveCapacity(pairs.count + count)
    for _ in 0..<count {
      let key: WrittenKey = try reader.read()
      let context: String? = try reader.read()
      let identity: KeyName? = try reader.read()
      pairs.updateValue(identity, forKey: .init(key: key, context: context))
    }
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

  /// Whether the keys were resolved from the same inputs as those of a summary with these
  /// functions would be now. (Given the functions, not the summary: a summary passed from
  /// an array is copied whole, a dozen retains.)
  func holds(for functions: [FunctionDecl], _ inputs: KeyResolutionInputs) -> Bool {
    traitKeys == Self.traitKeys(of: functions) && reads.allSatisfy { inputs.digest(of: $0.identifier) == $0.digest }
  }

  /// The trait keys of the file's functions before resolution, some inherited across files.
  /// Read in place: a `FunctionDecl` copied out is a dozen retains.
  static func traitKeys(of functions: [FunctionDecl]) -> ContentHash {
    var hash = ContentHash()
    for index in functions.indices {
      guard let keys = functions[index].traitKeys else { continue }
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
    writer.write(declared.count)
    for (pair, identity) in declared {
      writer.write(pair.key)
      writer.write(pair.context)
      writer.write(identity)
    }
    writer.write(blob: bodyKeys)
    writer.write(blob: frames)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    traitKeys = try reader.read()
    let readCount: Int = try reader.read()
    guard readCount >= 0, readCount <= reader.remaining else { throw CacheReader.Malformed() }
    reads = []
    reads.reserveCapacity(readCount)
    for _ in 0..<readCount {
      let identifier: String = try reader.read()
      let digest: ContentHash = try reader.read()
      reads.append((identifier, digest))
    }
    declared = [:]
    try Self.readPairs(&reader, into: &declared)
    bodyKeys = try reader.readBlob()
    frames = try reader.readBlob()
  }
}
#endif
