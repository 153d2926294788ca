#if ImplicitsAnalysis
import Foundation

/// A hidden switch of the change-driven re-check (none is a documented option): read from
/// the environment once by the owner (`AnalysisOptions`): a variable for its level (`1`,
/// `2`, …; absent or anything else is 0, off), one for where its oracle appends its report
/// (which may imply level 1), one for a planted bug's name, which a test or
/// `Tests/Incremental` must see caught. The change index
/// (`IMPLICITS_CHANGE_INDEX`) and the patched graph (`IMPLICITS_PATCHED_GRAPH`) are such
/// switches; the graph file's oracle is one without a level (`IMPLICITS_GRAPH_ORACLE`),
/// beside `check --experimental-graph-cache`, the one spelled as an option.
struct HiddenSwitch: Sendable, Hashable {
  var level: Int
  var oracle: String?
  var plant: String?

  init(level: Int, oracle: String? = nil, plant: String? = nil) {
    (self.level, self.oracle, self.plant) = (level, oracle, plant)
  }

  static let off = HiddenSwitch(level: 0)

  /// The switch whose level is variable `on`, with its oracle and plant variables; an empty
  /// oracle path is none.
  static func environment(_ on: String, oracle: String, plant: String, oracleImpliesOn: Bool = false) -> HiddenSwitch {
    let environment = ProcessInfo.processInfo.environment
    let report = environment[oracle].flatMap { $0.isEmpty ? nil : $0 }
    var level = environment[on].flatMap { Int($0) }.map { max($0, 0) } ?? 0
    if oracleImpliesOn, report != nil { level = max(level, 1) }
    return HiddenSwitch(level: level, oracle: report, plant: environment[plant])
  }
}
#endif
