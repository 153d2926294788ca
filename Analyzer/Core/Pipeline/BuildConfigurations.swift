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
  /// sorted by text.
  let conditions: [(text: String, sites: [ConditionSite])]

  /// 2⁴ = 16 checks of the module at most.
  static let maximumConditions = 4

  init(_ files: [FileSummary]) {
    var sites: [String: [ConditionSite]] = [:]
    for file in files {
      for site in file.undecidedConditions { sites[site.condition, default: []].append(site) }
    }
    conditions = sites.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted { $0.location < $1.location }) }
  }

  var enumerates: Bool { !conditions.isEmpty && conditions.count <= Self.maximumConditions }

  /// The diagnostics of every configuration, each once (those of the syntax rules, which
  /// read every clause, are not `check`'s: they come from the one walk of the files).
  func diagnostics(check: ([String: Bool]) throws(AnalysisFailure) -> [Diagnostic]) throws(AnalysisFailure) -> [Diagnostic] {
    struct Identity: Hashable {
      var id: DiagnosticID
      var location: SourceLoc
      var message: String
    }
    var merged: [Identity: (diagnostic: Diagnostic, failing: [Int])] = [:]
    var order: [Identity] = []
    let count = 1 << conditions.count
    for configuration in 0..<count {
      for diagnostic in try check(assumptions(configuration)) {
        let identity = Identity(id: diagnostic.id, location: diagnostic.location, message: diagnostic.message)
        guard var entry = merged[identity] else {
          merged[identity] = (diagnostic, [configuration])
          order.append(identity)
          continue
        }
        for note in diagnostic.notes where !entry.diagnostic.notes.contains(note) { entry.diagnostic.notes.append(note) }
        if entry.failing.last != configuration { entry.failing.append(configuration) }
        merged[identity] = entry
      }
    }
    var result: [Diagnostic] = []
    for identity in order {
      var (diagnostic, failing) = merged[identity]!
      if failing.count < count { diagnostic.notes.append(note(on: diagnostic, failingIn: Set(failing))) }
      result.append(diagnostic)
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
  /// flip turns some failing configuration into a passing one.
  private func note(on diagnostic: Diagnostic, failingIn failing: Set<Int>) -> Diagnostic.Note {
    let configuration = failing.min()!
    let relevant = conditions.indices.filter { index in failing.contains { !failing.contains($0 ^ (1 << index)) } }
    let taken = relevant.map { index in
      "'\(conditions[index].text)' \(configuration & (1 << index) != 0 ? "holds" : "does not hold")"
    }
    return Diagnostic.Note(
      location: Self.site(of: conditions[relevant.first ?? 0].sites, for: diagnostic),
      message: "reported where \(taken.joined(separator: " and ")); the analyzer does not know which configuration is built, so the code must be correct in each")
  }

  /// Where to point for a condition: the innermost `#if` with it around the error or one of
  /// its notes (the path the error takes), else the nearest one in the error's file, else
  /// the first one written.
  static func site(of sites: [ConditionSite], for diagnostic: Diagnostic) -> SourceLoc {
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
