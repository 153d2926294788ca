#if ImplicitsAnalysis
/// The build configurations a module may be compiled in, as far as the analyzer can tell:
/// every way of taking the `#if` conditions it cannot decide (`os(iOS)`, `DEBUG`, …). The
/// code must be correct in each, so the module is checked once per configuration and an
/// error of any of them is reported, with a note naming the configuration when it is not
/// an error of all.
///
/// The walk with every condition undecided (each clause a branch of its own) stays the
/// result when there are too many conditions to take every way: it ties nothing together,
/// so the same condition in two `#if`s, or in a caller and its callee, may then be taken
/// both ways at once.
struct BuildConfigurations {
  /// Conditions by their text, with every clause each is written in (in source order);
  /// sorted by text. A condition only a dependency's requirements are under
  /// (`Function.conditions`) has no clause here.
  let conditions: [(text: String, sites: [ConditionSite])]

  /// 2⁴ = 16 checks of the module at most.
  static let maximumConditions = 4

  /// - Parameters:
  ///   - dependencies: their requirements' conditions are taken each way too, so that a
  ///     call needs a key only in the configurations where its callee requires it; as
  ///     many as fit under `maximumConditions` after the module's own (a requirement
  ///     under one that does not fit holds in every configuration, as it did before
  ///     interfaces had conditions: never a module that was checked configuration by
  ///     configuration falls back to clauses on their own because of its dependencies).
  ///   - base: this module's `--define`s: a condition they decide is no configuration's.
  init(_ files: [FileSummary], dependencies: [ModuleInterface] = [], base: ConditionEvaluator = .init(defines: [])) {
    var sites: [String: [ConditionSite]] = [:]
    for file in files {
      for site in file.undecidedConditions { sites[site.condition, default: []].append(site) }
    }
    let written = Set(dependencies.lazy.flatMap(\.functions).flatMap { $0.conditions ?? [] })
    var theirs: Set<String> = []
    for text in written where text != RequirementCondition.always {
      guard let condition = RequirementCondition.parse(text) else { continue }
      theirs.formUnion(base.undecidedConditions(in: condition).filter { sites[$0] == nil })
    }
    for atom in theirs.sorted().prefix(max(0, Self.maximumConditions - sites.count)) { sites[atom] = [] }
    conditions = sites.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted { $0.location < $1.location }) }
  }

  /// Configuration `assumptions` as the module's files see it: only the conditions they
  /// write. A file's summary does not depend on a dependency's condition, so its summary
  /// (and cache entry) is the same in the configurations that differ by one.
  func written(_ assumptions: [String: Bool]) -> [String: Bool] {
    assumptions.filter { condition in conditions.contains { $0.text == condition.key && !$0.sites.isEmpty } }
  }

  var enumerates: Bool { !conditions.isEmpty && conditions.count <= Self.maximumConditions }

  /// The diagnostics of every configuration, each once (those of the syntax rules, which
  /// read every clause, are not `check`'s: they come from the one walk of the files).
  ///
  /// An unresolved-implicit error at one place is one error whatever keys each
  /// configuration misses there: its keys are those of all, and a note says where the
  /// ones missing in some configurations only are.
  func diagnostics(
    check: (_ configuration: Int, _ assumptions: [String: Bool]) throws(AnalysisFailure) -> [Diagnostic]
  ) throws(AnalysisFailure) -> [Diagnostic] {
    struct Identity: Hashable {
      var id: DiagnosticID
      var location: SourceLoc
      /// The message; for an unresolved-implicit error, none: `entry` says the rest.
      var message: String
      var entry: Diagnostic.UnresolvedKeys.Entry?
    }
    struct Merged {
      var diagnostic: Diagnostic
      var failing: [Int]
      /// Of an unresolved-implicit error: the configurations each key is missing in.
      var keys: [KeyName: Set<Int>] = [:]
    }
    var merged: [Identity: Merged] = [:]
    var order: [Identity] = []
    let count = 1 << conditions.count
    for configuration in 0..<count {
      for diagnostic in try check(configuration, assumptions(configuration)) {
        let unresolved = diagnostic.unresolved
        let identity = Identity(
          id: diagnostic.id, location: diagnostic.location,
          message: unresolved == nil ? diagnostic.message : "", entry: unresolved?.entry)
        var entry = merged[identity] ?? {
          order.append(identity)
          return Merged(diagnostic: diagnostic, failing: [])
        }()
        for note in diagnostic.notes where !entry.diagnostic.notes.contains(note) { entry.diagnostic.notes.append(note) }
        if entry.failing.last != configuration { entry.failing.append(configuration) }
        for key in unresolved?.keys ?? [] { entry.keys[key, default: []].insert(configuration) }
        merged[identity] = entry
      }
    }
    var result: [Diagnostic] = []
    for identity in order {
      var entry = merged[identity]!
      if var unresolved = entry.diagnostic.unresolved {
        unresolved.keys = entry.keys.keys.sorted()
        entry.diagnostic.unresolved = unresolved
        entry.diagnostic.message = unresolved.message
      }
      // Keys missing in the same configurations share a note; one set of them all, the
      // error's own.
      let groups = Dictionary(grouping: entry.keys.keys.sorted()) { entry.keys[$0]! }
      if groups.count > 1 {
        for (failing, keys) in groups.sorted(by: { $0.value.lexicographicallyPrecedes($1.value) }) where failing.count < count {
          entry.diagnostic.notes.append(note(on: entry.diagnostic, failingIn: failing, keys: keys))
        }
      } else if entry.failing.count < count {
        entry.diagnostic.notes.append(note(on: entry.diagnostic, failingIn: Set(entry.failing)))
      }
      result.append(entry.diagnostic)
    }
    return result
  }

  /// Configuration number `n`: bit `i` says whether condition `i` holds.
  private func assumptions(_ configuration: Int) -> [String: Bool] {
    var assumptions: [String: Bool] = [:]
    for (index, condition) in conditions.enumerated() { assumptions[condition.text] = configuration & (1 << index) != 0 }
    return assumptions
  }

  /// Names the first failing configuration by the conditions that matter: those whose
  /// flip turns some failing configuration into a passing one; with `keys`, of those keys
  /// of an error.
  private func note(on diagnostic: Diagnostic, failingIn failing: Set<Int>, keys: [KeyName] = []) -> Diagnostic.Note {
    let configuration = failing.min()!
    let relevant = conditions.indices.filter { index in failing.contains { !failing.contains($0 ^ (1 << index)) } }
    let taken = relevant.map { index in
      "'\(conditions[index].text)' \(configuration & (1 << index) != 0 ? "holds" : "does not hold")"
    }
    return Diagnostic.Note(
      location: Self.site(of: conditions[relevant.first ?? 0].sites, for: diagnostic),
      message: (keys.isEmpty ? "" : "\(keys.listed) \(keys.count == 1 ? "is" : "are") ")
        + "reported where \(taken.joined(separator: " and ")); the analyzer does not know which configuration is built, so the code must be correct in each")
  }

  /// Where to point for a condition: the innermost `#if` with it around the error or one of
  /// its notes (the path the error takes), else the nearest one in the error's file, else
  /// the first one written.
  /// A condition only a dependency's requirements are under has no `#if` here: the error.
  static func site(of sites: [ConditionSite], for diagnostic: Diagnostic) -> SourceLoc {
    guard !sites.isEmpty else { return diagnostic.location }
    for location in [diagnostic.location] + diagnostic.notes.map(\.location) {
      if let around = sites.filter({ $0.contains(location) }).max(by: { $0.start < $1.start }) { return around.location }
    }
    let here = diagnostic.location
    let sameFile = sites.filter { $0.location.file == here.file }
    if let nearest = sameFile.min(by: { abs(Int($0.location.line) - Int(here.line)) < abs(Int($1.location.line) - Int(here.line)) }) {
      return nearest.location
    }
    return sites[0].location
  }
}
#endif
