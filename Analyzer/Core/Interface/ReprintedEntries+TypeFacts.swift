#if ImplicitsAnalysis
/// Type facts, the one input of a call's resolution that neither the caller's file nor the
/// callee's holds. A conformance removed in `B.swift` (`final class SettingsView: Screen`)
/// takes `view.logAppearance(scope)` in unchanged `C.swift` away from `Screen`'s extension
/// in unchanged `A.swift`: this run's graph has no edge left to show it, and no seed reaches
/// the caller (`corpus.py --corpus app-decided --seed 33`, `ReusedEntriesConformanceTests`).
/// Every other way an edit moves such a call leaves an edge to or from the edited file in
/// one of the two graphs, which `reachedNodes` follows: a callable added, removed or
/// changed there is a node of that file. So when a changed, added or deleted file's type
/// facts (`ChangeSet.typeFacts`: superclass, conformances, generics, property types,
/// typealias targets, …) differ from the last run's, every entry is printed anew; a body
/// edit, the common case, leaves them alone and keeps the copies.
extension ReprintedEntries {
  /// A file's type facts as a digest stable across runs, names in order.
  static func typeFactsDigest(_ file: FileSummary) -> ContentHash {
    var hash = ContentHash()
    let facts = ChangeSet.typeFacts(of: file)
    for name in facts.keys.sorted() {
      hash.add(name)
      for fact in facts[name]! {
        hash.add("\u{3}")
        hash.add(fact)
      }
      hash.add("\u{4}")
    }
    return hash
  }

  /// This run's type-facts digests, one per file: the last run's for a file whose summary
  /// entry (path, bytes, conditions) is the same, else made from its summary.
  static func typeFactsDigests(_ result: AnalysisResult, record: ReusedEntries.Record?, files: FileMapping?) -> [ContentHash] {
    let summaries = result.replayed?.summaries
    return result.files.indices.map { file in
      if let record, let files, let summaries, files.old[file] >= 0, record.summaries[files.old[file]] == summaries[file] {
        return record.typeFacts[files.old[file]]
      }
      return typeFactsDigest(result.files[file])
    }
  }

  /// Whether an edit changed a file's type facts: a file changed (its summary entry) with
  /// other facts than the last run's, a file added with any, or a file gone that had any.
  static func typeFactsChanged(_ digests: [ContentHash], record: ReusedEntries.Record, files: FileMapping) -> Bool {
    let none = ContentHash()
    for (file, old) in files.old.enumerated() where digests[file] != (old >= 0 ? record.typeFacts[old] : none) {
      return true
    }
    for (old, file) in files.new.enumerated() where file < 0 && record.typeFacts[old] != none {
      return true
    }
    return false
  }
}
#endif
