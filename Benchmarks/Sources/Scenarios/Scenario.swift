/// One measured operation, run `iterations` times by a runner.
///
/// The same scenarios feed both instruments: `InstructionCounts` (callgrind, mallocs) and
/// the ordo-one/benchmark suite. A scenario does its own setup, calls `probe.start()`
/// right before the measured loop and `probe.stop()` right after it, then tears down.
public struct Scenario: Sendable {
  /// Where the measured loop must run.
  public enum Place: Sendable {
    /// A plain thread outside any task: the runtime's synchronous fast path.
    case thread(@Sendable (_ iterations: Int, _ probe: Probe) -> Void)
    /// The main thread, outside any task, in a program that never asked for the main
    /// actor's executor (once it does, the main thread's reads defer to tasks).
    case mainThread(@Sendable (_ iterations: Int, _ probe: Probe) -> Void)
    /// Inside a task (the async path).
    case task(@Sendable (_ iterations: Int, _ probe: Probe) async -> Void)
  }

  /// The row of the results table, e.g. `read-1`.
  public let group: String
  /// What is measured in that row: `Implicits` or the peer, e.g. `TaskLocal`.
  public let subject: String
  /// Operations one iteration performs (reads of eight keys count as eight).
  public let opsPerIteration: Int
  /// Iterations for the "large N" run of `instructions.sh`.
  public let largeIterations: Int
  public let place: Place

  public init(
    _ group: String, _ subject: String, opsPerIteration: Int = 1, largeIterations: Int = 100_000,
    place: Place
  ) {
    self.group = group
    self.subject = subject
    self.opsPerIteration = opsPerIteration
    self.largeIterations = largeIterations
    self.place = place
  }

  /// `group/subject`, what `InstructionCounts` takes on its command line.
  public var id: String { "\(group)/\(subject)" }
}

/// Marks the measured part of a scenario.
public struct Probe: Sendable {
  public var start: @Sendable () -> Void
  public var stop: @Sendable () -> Void

  public init(start: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> Void) {
    self.start = start
    self.stop = stop
  }

  /// A probe that measures nothing (warm-up runs).
  public static let none = Probe(start: {}, stop: {})
}

extension Scenario {
  /// Every scenario, in table order; peers sit right after the Implicits row of their group.
  public static let all: [Scenario] =
    readScenarios + scopeScenarios + bagScenarios + chainScenarios + asyncScenarios + keptFrameScenarios + asyncReadScenarios + asyncBagScenarios
    + contentionScenarios + appGraphScenarios

  /// The scenario with `id`, if any.
  public static func named(_ id: String) -> Scenario? { all.first { $0.id == id } }
}
