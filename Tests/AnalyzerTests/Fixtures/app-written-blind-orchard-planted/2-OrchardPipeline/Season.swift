// The season as a state machine. Each transition may do work in the orchard, which
// needs the caller's scope.
import Implicits
import OrchardCore

public enum Season: Equatable, Sendable {
  case dormant
  case growing(week: Int)
  case harvest(crates: Int)
  case closed(reason: String)
}

public enum SeasonEvent: Sendable {
  case thaw
  case weekPassed
  case picked(crates: Int)
  case frost
}

public struct SeasonMachine: Sendable {
  public private(set) var season: Season = .dormant
  public private(set) var history: [Season] = []

  public init() {}

  public mutating func handle(_ event: SeasonEvent, _ scope: ImplicitScope) {
    let next: Season
    switch (season, event) {
    case (.dormant, .thaw):
      next = .growing(week: 1)
    case (.growing(let week), .weekPassed) where week >= 3:
      next = .harvest(crates: 0)
    case (.growing(let week), .weekPassed):
      _ = irrigateAll([(BedID(week), Ration(litres: Double(week)))], scope)
      next = .growing(week: week + 1)
    case (.harvest(let crates), .picked(let more)):
      next = .harvest(crates: crates + more)
    case (_, .frost):
      next = .closed(reason: "frost")
    default:
      note("ignored \(event) in \(season)", scope)
      return
    }
    history.append(season)
    season = next
  }
}

func note(_ line: String, _ scope: ImplicitScope) {
  @Implicit var journal: Journal
  journal.write(line)
}
