#if ImplicitsAnalysis
/// Where each interface entry of the last run is in this run's order, so that a function
/// added or removed, or a file that moves the `files` numbers, reprints only what changed:
/// an entry's bytes name other entries only by position (`>callee`) and files only by rank
/// in `files` (`"file"`, `F:`), so a copied entry whose numbers moved is copied with them
/// rewritten (`EntryRenumbering`), not made anew.
///
/// Only the functions of files that are not seeds are matched (by the file's path and the
/// function's index among the file's functions): a seed file's functions may come, go or
/// move among themselves, and an entry whose links name one of them is reached from that
/// file and printed anew (`ReprintedEntries.reachedNodes`). Both directions are one-to-one,
/// so equal tokens stay equal and the links' `^` stays valid.
struct PositionRemap: Sendable {
  /// Per position of this run: whether its entry is printed anew.
  var reprinted: [Bool]
  /// Per position of this run: its entry's position in the last run (`-1`: not matched).
  var oldPosition: [Int]
  /// Per position of the last run: its entry's position in this run (`-1`: not matched).
  var newPosition: [Int]

  /// Whether every matched entry holds the position it had.
  var moved: Bool { oldPosition.enumerated().contains { $1 >= 0 && $1 != $0 } }

  /// The remap of `functions` (in this run's order) from the last run's `record`; `nil`
  /// (every entry printed) when it cannot be told — nothing reached, or a function of a
  /// file that is not a seed found in one run and not the other, which an unchanged file
  /// cannot do. An entry is printed anew when its function's node is reached, its file
  /// is a seed, or it moves to or from the first place: an entry's recorded bytes start
  /// with the separator before it, which the first one has without a comma.
  init?(_ functions: [InterfacePlan.Planned], record: ReusedEntries.Record, reached: ReprintedEntries.Reached?) {
    guard let reached, Self.linkedFiles(record) == record.linkedFiles else { return nil }
    let files = reached.files
    // The last run's entries by file (its summary index), then function index.
    var starts = [Int](repeating: 0, count: record.paths.count + 1)
    for file in record.files { starts[file + 1] += 1 }
    for file in record.paths.indices { starts[file + 1] += starts[file] }
    var byFile = [Int](repeating: 0, count: record.files.count)
    var next = starts
    for (position, file) in record.files.enumerated() {
      byFile[next[file]] = position
      next[file] += 1
    }
    reprinted = [Bool](repeating: true, count: functions.count)
    oldPosition = [Int](repeating: -1, count: functions.count)
    newPosition = [Int](repeating: -1, count: record.files.count)
    for (position, function) in functions.enumerated() where !reached.seeds[function.file] {
      let old = files.old[function.file]
      guard old >= 0 else { return nil }
      guard
        let then = byFile[starts[old]..<starts[old + 1]].first(where: { record.functions[$0] == function.function }),
        newPosition[then] < 0
      else { return nil }
      (oldPosition[position], newPosition[then]) = (then, position)
      reprinted[position] = reached.nodes[function.node.index] || (position == 0) != (then == 0)
    }
    // Every entry of a file that is not a seed now is matched: its file is unchanged. And
    // the matched entries are in the same order in both runs, as a sort of the same names
    // gives them (a reached function whose keys break a tie anew prints everything): a
    // recorded order changed under a valid checksum moves one back, and is not believed.
    var last = -1
    for (then, file) in record.files.enumerated() {
      let now = newPosition[then]
      if now < 0 {
        if files.new[file] >= 0 && !reached.seeds[files.new[file]] { return nil }
        continue
      }
      guard now > last else { return nil }
      last = now
    }
  }

  /// The last run's `files` as its entries' parts make them (`EntryLinkFacts`): each entry's
  /// own file unless it requires nothing, and the files its links step into. The record's
  /// own list is used to renumber only when the two agree, so that a part changed alone
  /// under a valid checksum cannot renumber a copied entry wrongly.
  static func linkedFiles(_ record: ReusedEntries.Record) -> [Int] {
    var used = [Bool](repeating: false, count: record.paths.count)
    var keyless = [Bool](repeating: false, count: record.files.count)
    for position in record.links.keyless { keyless[position] = true }
    for (position, file) in record.files.enumerated() where !keyless[position] { used[file] = true }
    for at in stride(from: 1, to: record.links.files.count, by: 2) { used[record.links.files[at]] = true }
    return used.indices.filter { used[$0] }
  }
}
#endif
