#if ImplicitsAnalysis
/// What each interface entry adds to the interface's `files` and `closureTypes`: the
/// files other than its own its links step into, and the closure types its calls through
/// closure values run. Both lists are made from every function's links, so without this a
/// re-check linked every function (~0.05 s on each core at 5,000 files) to print the few
/// an edit reaches. Kept in the last run's record (`ReusedEntries.Record.links`), a copied
/// entry's part is taken from there and only the reprinted entries are linked; whether
/// the merged lists are the last run's is then checked as before (`ReprintedEntries.runInputs`),
/// so a wrong part can only print everything, never copy a wrong entry.
struct EntryLinkFacts: Sendable, Equatable, CacheCodable {
  /// `position, file` pairs: an entry's position and a file other than its own (summary
  /// index) one of its links steps into; most entries have none.
  var files: [Int] = []
  /// `types[i]` is a closure type the links of the entry at `typePositions[i]` call through.
  var typePositions: [Int] = []
  var types: [String] = []
  /// The positions of the entries that require nothing; the others add their own file
  /// (`"file"` is printed with `links`). Kept so that a re-check need not collect a copied
  /// entry's keys to know it (`InterfacePlan.Planned.keys`); few entries in a module.
  var keyless: [Int] = []

  init() {}

  /// Sets the entries' closure types, each pair once.
  mutating func add(_ typed: [(position: Int, type: String)]) {
    var seen: Set<String> = []
    for (position, type) in typed.sorted(by: { ($0.position, $0.type) < ($1.position, $1.type) })
    where seen.insert("\(position)\u{0}\(type)").inserted {
      typePositions.append(position)
      types.append(type)
    }
  }

  func encode(to writer: inout CacheWriter) {
    writer.write(files)
    writer.write(typePositions)
    writer.write(types)
    writer.write(keyless)
  }

  init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
    files = try reader.read()
    typePositions = try reader.read()
    types = try reader.read()
    keyless = try reader.read()
  }

  /// Whether every position is below `entries` and every file below `fileCount`.
  func fits(entries: Int, fileCount: Int) -> Bool {
    guard files.count % 2 == 0, typePositions.count == types.count else { return false }
    for at in stride(from: 0, to: files.count, by: 2)
    where !(0..<entries).contains(files[at]) || !(0..<fileCount).contains(files[at + 1]) {
      return false
    }
    return typePositions.allSatisfy { (0..<entries).contains($0) } && keyless.allSatisfy { (0..<entries).contains($0) }
  }

  /// The last run's parts, for the entries a re-check copies.
  struct Kept: Sendable {
    /// Which of this run's entries are printed anew (and linked), and where the copied
    /// ones were in the last run.
    var remap: PositionRemap
    /// Which of this run's entries are printed anew (and linked), by position.
    var reprinted: [Bool] { remap.reprinted }
    /// The last run's parts, by its positions and summary indices.
    var last: EntryLinkFacts
    /// Per file of the last run, its summary index in this run (`-1`: gone).
    var newFile: [Int]

    /// Adds the copied entries' parts to this run's: their files to `facts` and `used`
    /// (with each entry's own file when it requires anything, as linking it would: the
    /// last run's `keyless` says which do not), their closure types to `typed`, and
    /// whether they require nothing to `facts.keyless`. The last run's positions are
    /// taken to this run's (`remap`).
    /// `false` when one names a file that is gone: the entry could not have been copied.
    func merge(
      into facts: inout EntryLinkFacts, typed: inout [(position: Int, type: String)], used: inout Set<Int>,
      _ functions: [InterfacePlan.Planned]
    ) -> Bool {
      let reprinted = remap.reprinted
      /// This run's position of a copied entry at the last run's `position`.
      func copied(_ position: Int) -> Int? {
        guard remap.newPosition.indices.contains(position) else { return nil }
        let now = remap.newPosition[position]
        return now >= 0 && !reprinted[now] ? now : nil
      }
      var requiresNothing = [Bool](repeating: false, count: reprinted.count)
      for position in last.keyless {
        guard let now = copied(position) else { continue }
        requiresNothing[now] = true
        facts.keyless.append(now)
      }
      for position in functions.indices where !reprinted[position] && !requiresNothing[position] {
        used.insert(functions[position].file)
      }
      for at in stride(from: 0, to: last.files.count - 1, by: 2) {
        let (position, old) = (last.files[at], last.files[at + 1])
        guard let now = copied(position) else { continue }
        guard newFile.indices.contains(old), newFile[old] >= 0 else { return false }
        used.insert(newFile[old])
        facts.files += [now, newFile[old]]
      }
      for (position, type) in zip(last.typePositions, last.types) {
        if let now = copied(position) { typed.append((now, type)) }
      }
      return true
    }
  }
}
#endif
