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
///
/// The digest holds one more kind of fact for the same reason: the signatures of the
/// callables that take an escaping closure (`escapingClosureCallables`). Which one a call
/// resolves to decides how the caller reads its closure argument — a scope closure, with
/// its scope where the parameter's alias says, checked where it is made — and when the
/// callee requires nothing, neither graph has an edge between the two files. Renaming
/// `Router.add(_ handler: @escaping Handler)` in `A.swift`, or making it `fileprivate`, left
/// `makeRouter`'s copied entry in unchanged `B.swift` requiring `Session` through the
/// closure it passes, where a cold check reports the closure's untyped scope
/// (`corpus.py --corpus fixture:app-closure-typealiases --seed 3 --edits 12 --targeted`,
/// edit 12; `ReusedEntriesEscapingClosureTests`).
extension ReprintedEntries {
  /// A file's type facts as a digest stable across runs, names in order, then its
  /// escaping-closure callables.
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
    for callable in escapingClosureCallables(file) {
      hash.add("\u{5}")
      hash.add(callable)
    }
    return hash
  }

  /// The callables of `file` with a parameter that keeps or reshapes a closure argument
  /// (escaping, scope-taking, of a scope-closure alias, stored): each described by what
  /// decides whether a call resolves to it, in file order. Places are left out: a function
  /// moved within its file changes no call's answer.
  static func escapingClosureCallables(_ file: FileSummary) -> [String] {
    file.declarations.functions.compactMap { function in
      guard
        function.parameters.contains(where: {
          $0.isEscaping || $0.takesScopeClosure || $0.closureAlias != nil || $0.storedProperty != nil
        })
      else { return nil }
      var parts = [
        function.typeName ?? "\u{0}", function.baseName, function.access.rawValue, function.isStatic ? "static" : "",
        function.isAsync ? "async" : "", function.isProtocolRequirement ? "requirement" : "",
        function.isOverridable ? "overridable" : "", function.scopeParameter == nil ? "-" : "implicit",
      ]
      for parameter in function.parameters { parts.append(ChangeSet.describe(parameter)) }
      for (parameter, type) in function.typeConstraints.sorted(by: { $0.key < $1.key }) {
        parts.append("where " + parameter + " == " + type)
      }
      for branch in function.branches { parts.append("#if clause \(branch.clause)") }
      return parts.joined(separator: "\u{1}")
    }
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
