#if ImplicitsAnalysis
/// The last run's order of the interface's functions, kept when it is still the order a
/// sort would give: sorting 65,000 functions by type, name, parameters and (for ties)
/// requirements was most of the interface plan on a re-check that prints a few entries.
///
/// The guess is the last run's functions, each matched by its file's path and its index
/// among the file's functions, without those that are gone, and with the few this run
/// adds put in by bisection (a new declaration, a new file); it is kept only when every
/// adjacent pair is in order — by type and name as bytes, and only where both are equal
/// by the whole entry (`precedes`, ties in collection order: by file, then index). The
/// guess holds every function once, and a sequence whose adjacent pairs are in order is
/// the stable sort's, so nothing of the record is trusted but the guess: a damaged or
/// stale order is sorted anew. That check is one comparison a function, not the sort's
/// ~16.
struct KeptOrder: Sendable {
  /// Per position of the last run's order, its function's file in this run (`-1`: gone)
  /// and index among the file's functions.
  var files: [Int]
  var functions: [Int]

  /// The last run's `record` order, its files as this run numbers them (`newFile`).
  init(record: ReusedEntries.Record, newFile: [Int]) {
    files = record.files.map { newFile[$0] }
    functions = record.functions
  }
}

extension AnalysisResult {
  /// At most this many functions are put into a kept order; more are sorted with the rest.
  static let keptOrderInsertions = 64

  /// `collected` (in collection order: by file, then index) in the last run's order, with
  /// the name keys its check made (in that order); `nil` when that is not the order a sort
  /// gives.
  func inKeptOrder(
    _ collected: [InterfacePlan.Planned], _ last: KeptOrder
  ) -> (order: [InterfacePlan.Planned], names: FunctionNameKeys)? {
    // Where each file's functions start in `collected`.
    var starts = [Int](repeating: 0, count: files.count + 1)
    for function in collected { starts[function.file + 1] += 1 }
    for file in files.indices { starts[file + 1] += starts[file] }
    var taken = [Bool](repeating: false, count: collected.count)
    var order: [InterfacePlan.Planned] = []
    order.reserveCapacity(collected.count)
    for (file, function) in zip(last.files, last.functions) {
      // A gone file's functions, and a function past its file's end now, are left out.
      guard file >= 0 else { continue }
      guard files.indices.contains(file) else { return nil }
      // A file's functions are collected by index: found by bisection.
      var (low, high) = (starts[file], starts[file + 1])
      while low < high {
        let middle = (low + high) / 2
        if collected[middle].function < function { low = middle + 1 } else { high = middle }
      }
      guard low < starts[file + 1], collected[low].function == function else { continue }
      guard !taken[low] else { return nil }
      taken[low] = true
      order.append(collected[low])
    }
    let ranks = graph.keyRanks
    /// Whether `a` sorts before `b`, as the sort orders them; `nil` for a name that is not
    /// ASCII (`FunctionNameKeys` compares those as `String`s).
    func precedes(_ a: InterfacePlan.Planned, _ b: InterfacePlan.Planned) -> Bool? {
      guard let first = FunctionNameKeys.key(self, file: a.file, index: a.function),
        let second = FunctionNameKeys.key(self, file: b.file, index: b.function)
      else { return nil }
      if first != second { return first.lexicographicallyPrecedes(second) }
      let (entryA, entryB) = (entry(self.collected(a, ranks: ranks)), entry(self.collected(b, ranks: ranks)))
      return Self.precedes(entryA, entryB) || (!Self.precedes(entryB, entryA) && (a.file, a.function) < (b.file, b.function))
    }
    let added = collected.count - order.count
    guard added <= Self.keptOrderInsertions else { return nil }
    if added > 0 {
      for index in collected.indices where !taken[index] {
        let function = collected[index]
        var (low, high) = (0, order.count)
        while low < high {
          let middle = (low + high) / 2
          guard let before = precedes(order[middle], function) else { return nil }
          if before { low = middle + 1 } else { high = middle }
        }
        order.insert(function, at: low)
      }
    }
    let names = FunctionNameKeys(self, functions: order.lazy.map { ($0.file, $0.function) })
    let sorted = names.inOrder { a, b in
      let (first, second) = (entry(self.collected(order[a], ranks: ranks)), entry(self.collected(order[b], ranks: ranks)))
      return Self.precedes(first, second)
        || (!Self.precedes(second, first) && (order[a].file, order[a].function) < (order[b].file, order[b].function))
    }
    return sorted ? (order, names) : nil
  }
}
#endif
