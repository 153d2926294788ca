#if ImplicitsAnalysis
import Foundation

/// Type facts, the one input of a call's resolution that neither the caller's file nor the
/// callee's holds. A conformance removed in `B.swift` (`final class SettingsView: Screen`)
/// takes `view.logAppearance(scope)` in unchanged `C.swift` away from `Screen`'s extension
/// in unchanged `A.swift`: this run's graph has no edge left to show it, and no seed reaches
/// the caller (`corpus.py --corpus app-decided --seed 33`, `ReusedEntriesConformanceTests`).
/// Every other way an edit moves such a call leaves an edge to or from the edited file in
/// one of the two graphs, which `reachedNodes` follows: a callable added, removed or
/// changed there is a node of that file. So when a changed file's type facts
/// (`ChangeSet.typeFacts`: superclass, conformances, generics, property types, typealias
/// targets, …) differ from the last run's, every entry is printed anew; a body edit, the
/// common case, leaves them alone and keeps the copies. An added, deleted or renamed
/// file's facts print everything only when another file spells one of their names
/// (`typeFactsChanged`): a deleted file's types that nobody else names moved no call.
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

  /// The callables of `file` with a parameter that takes, keeps or reshapes a closure
  /// argument (any closure: a callee declared with a non-escaping one makes a closure it
  /// could not classify run in place; escaping, scope-taking, of a scope-closure alias,
  /// stored): each described by what
  /// decides whether a call resolves to it, in file order. Places are left out: a function
  /// moved within its file changes no call's answer.
  static func escapingClosureCallables(_ file: FileSummary) -> [String] {
    file.declarations.functions.compactMap { function in
      guard
        function.parameters.contains(where: {
          $0.isClosure || $0.isEscaping || $0.takesScopeClosure || $0.closureAlias != nil || $0.storedProperty != nil
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
  /// entry (path, bytes, conditions) is the same, else made from its summary; and, the same
  /// way, each file's fact names (`typeFactNames`).
  static func typeFactsDigests(
    _ result: AnalysisResult, record: ReusedEntries.Record?, files: FileMapping?
  ) -> (digests: [ContentHash], names: [String]) {
    let summaries = result.replayed?.summaries
    var digests: [ContentHash] = []
    var names: [String] = []
    digests.reserveCapacity(result.files.count)
    names.reserveCapacity(result.files.count)
    for file in result.files.indices {
      if let record, let files, let summaries, files.old[file] >= 0, record.summaries[files.old[file]] == summaries[file] {
        digests.append(record.typeFacts[files.old[file]])
        names.append(record.typeNames[files.old[file]])
      } else {
        digests.append(typeFactsDigest(result.files[file]))
        names.append(typeFactNames(result.files[file]))
      }
    }
    return (digests, names)
  }

  /// Whether an edit changed type facts another file's calls may have read: a file changed
  /// (its summary entry) with other facts than the last run's; or a file added with any,
  /// or gone with any, whose fact names (`typeFactNames`) another file of this run spells
  /// (`mentions`). A file renamed (gone, and added with the same digest and names) counts
  /// as one file: its names may be spelled by itself alone.
  ///
  /// Why a name nobody else spells is safe: a call in another file reads a type's facts
  /// only for a receiver of that type (or a type that names it: an alias, an extension, a
  /// superclass, a property type), and a receiver gets its type from a written name — in
  /// the caller's file, or in a declaration of a third file (a return, property or
  /// parameter type), which then spells it; or from a call into the added or gone file,
  /// which is an edge `reachedNodes` follows. An escaping-closure callable is found by its
  /// base name, which a call spells. So when no other file spells any of the names, no
  /// other file's lookups read them, in either run, and the last run's answers stand;
  /// and as no other file adds facts under those names, the files' new order changes no
  /// list of them. A name that cannot be searched (an operator) counts as spelled.
  ///
  /// - Parameter sources: this run's source texts, by summary index; `nil` prints all
  ///   after any added or gone file with facts.
  /// - Parameter plant: `IMPLICITS_TYPE_FACTS_PLANT=mentions` (a planted bug the
  ///   incremental checks must catch): no file is searched, as if none spelled a name.
  static func typeFactsChanged(
    _ digests: [ContentHash], names: [String], record: ReusedEntries.Record, files: FileMapping,
    sources: [SourceText]?, plant: String? = typeFactsPlant
  ) -> Bool {
    let none = ContentHash()
    var added: [Int] = []
    for (file, old) in files.old.enumerated() {
      if old >= 0 {
        if digests[file] != record.typeFacts[old] { return true }
      } else if digests[file] != none {
        added.append(file)
      }
    }
    var gone: [Int] = []
    for (old, file) in files.new.enumerated() where file < 0 && record.typeFacts[old] != none { gone.append(old) }
    guard !added.isEmpty || !gone.isEmpty else { return false }
    guard let sources, sources.count == digests.count else { return true }
    // Each group of names, and the one file of this run that may spell them.
    var searches: [(names: String, except: Int)] = []
    var paired = [Bool](repeating: false, count: digests.count)
    for old in gone {
      let partner = added.first { !paired[$0] && digests[$0] == record.typeFacts[old] && names[$0] == record.typeNames[old] }
      if let partner { paired[partner] = true }
      searches.append((record.typeNames[old], partner ?? -1))
    }
    for file in added where !paired[file] { searches.append((names[file], file)) }
    for search in searches {
      let words = search.names.split(separator: "\u{1}").map { Array($0.utf8) }
      guard !words.isEmpty, !words.contains(where: { $0 == Array(unsearchable.utf8) }) else { return true }
      if plant == "mentions" { continue }
      for file in sources.indices where file != search.except {
        if words.contains(where: { mentions(sources[file].bytes, $0) }) { return true }
      }
    }
    return false
  }

  /// `IMPLICITS_TYPE_FACTS_PLANT`, read once.
  static let typeFactsPlant = ProcessInfo.processInfo.environment["IMPLICITS_TYPE_FACTS_PLANT"]

  /// The name a fact is filed under that no search can find (not an ASCII identifier).
  static let unsearchable = "*"

  /// The names a file's type facts (`typeFactsDigest`) are filed under, as a call spells
  /// them: each type's, alias's, defaulted type's and method owner's last component, and
  /// each escaping-closure callable's base name (an initializer's type); sorted, joined by
  /// U+0001; `unsearchable` for a name that is no ASCII identifier. Empty for a file
  /// without facts.
  static func typeFactNames(_ file: FileSummary) -> String {
    var names: Set<String> = []
    func add(_ name: String) {
      let last = name.split(separator: ".").last.map(String.init) ?? name
      let identifier =
        !last.isEmpty
        && last.utf8.allSatisfy { byte in
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
        }
      names.insert(identifier ? last : unsearchable)
    }
    let declarations = file.declarations
    for type in declarations.types { add(type.name) }
    for (name, _) in declarations.typeAliases { add(name) }
    for name in declarations.defaultedTypes { add(name) }
    for function in declarations.functions {
      if let owner = function.typeName { add(owner) }
      guard
        function.parameters.contains(where: {
          $0.isClosure || $0.isEscaping || $0.takesScopeClosure || $0.closureAlias != nil || $0.storedProperty != nil
        })
      else { continue }
      if function.baseName == "init", let owner = function.typeName {
        add(owner)
      } else if function.baseName == "callAsFunction" || function.baseName == "subscript" || function.baseName == "init" {
        names.insert(unsearchable)
      } else {
        add(function.baseName)
      }
    }
    return names.sorted().joined(separator: "\u{1}")
  }

  /// Whether `text` spells `name` as a whole word: not inside a longer ASCII identifier. Any
  /// other neighbour (a non-ASCII byte, `$`, a backtick) counts as a word's end, so a doubt
  /// counts as spelled.
  static func mentions(_ text: [UInt8], _ name: [UInt8]) -> Bool {
    func inWord(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "_")
    }
    return text.withUnsafeBytes { haystack in
      name.withUnsafeBytes { needle in
        guard let base = haystack.baseAddress, let word = needle.baseAddress, needle.count > 0 else { return false }
        var at = 0
        while haystack.count - at >= needle.count {
          // The name's first byte by `memchr` (`memmem` is not in every C library), then the rest.
          guard let found = memchr(base + at, Int32(needle[0]), haystack.count - at - needle.count + 1) else {
            return false
          }
          let start = base.distance(to: UnsafeRawPointer(found))
          let end = start + needle.count
          if memcmp(found, word, needle.count) == 0, start == 0 || !inWord(haystack[start - 1]),
            end == haystack.count || !inWord(haystack[end])
          {
            return true
          }
          at = start + 1
        }
        return false
      }
    }
  }
}
#endif
