// Written blind in the session-30 hunt, as app code is written, before running the analyzer;
// every answer was checked by hand against what the runtime does (DocC, Async; README, Scopes),
// and all held: kept so they stay held. The file type-checks against the runtime.
// Swift 5.9 switch/if expressions, guard/while let, labeled loops with where clauses, typed throws and catch patterns, autoclosures, some/consuming parameters, a throwing stream's build closure, for try await, async let into a tuple, withCheckedContinuation, MainActor.run, a view model whose Task restores its bag. One entry point lacks Units.
import Implicits

struct HealthStore { func samples(_ kind: String) -> [Double] { [1, 2] } }
struct Clock { var now: Double { 0 } }
final class Analytics { func track(_ e: String) {} }
struct Units { var metric = true }
enum SyncError: Error { case offline, denied }

extension ImplicitsKeys {
  @NamedImplicitKey static let userName = Key<String>()
}

// Swift 5.9 if/switch expressions whose branches call scope functions.
enum Metric { case steps, heart(rate: Int), distance }

func title(for metric: Metric, _ scope: ImplicitScope) -> String {
  let label = switch metric {
  case .steps: stepsTitle(scope)
  case .heart(let rate) where rate > 100: "High \(rate)"
  case .heart: heartTitle(scope)
  case .distance: if unitsAreMetric(scope) { "km" } else { "mi" } // expected-note@:22 {{'Units' is required by the call to 'unitsAreMetric(_:)' here}}
  }
  return label
}
func stepsTitle(_ scope: ImplicitScope) -> String { @Implicit var store: HealthStore; return "\(store.samples("steps").count)" }
func heartTitle(_ scope: ImplicitScope) -> String { @Implicit var clock: Clock; return "\(clock.now)" }
func unitsAreMetric(_ scope: ImplicitScope) -> Bool { @Implicit var units: Units; return units.metric } // expected-note@:69 {{'Units' is read here}}

// guard let, while let, repeat, labeled loops, where clauses.
func summarize(_ days: [[Double]], _ scope: ImplicitScope) -> Double {
  guard let first = days.first, !first.isEmpty else { return fallback(scope) }
  var total = first.reduce(0, +)
  outer: for day in days.dropFirst() where isTracked(day, scope) {
    for value in day {
      if value < 0 { continue outer }
      total += normalized(value, scope)
    }
  }
  var iterator = days.makeIterator()
  while let day = iterator.next(), day.count > 1 { total += normalized(day[0], scope) }
  repeat { total -= 1 } while total > 1000 && isTracked([], scope)
  return total
}
func fallback(_ scope: ImplicitScope) -> Double { @Implicit var clock: Clock; return clock.now }
func isTracked(_ day: [Double], _ scope: ImplicitScope) -> Bool { @Implicit var analytics: Analytics; analytics.track("t"); return true }
func normalized(_ v: Double, _ scope: ImplicitScope) -> Double { @Implicit var units: Units; return units.metric ? v : v * 1.6 }

// Typed throws, catch patterns, autoclosures, some/any parameters, consuming.
func sync(_ scope: ImplicitScope) throws(SyncError) -> Int {
  @Implicit(\.userName) var userName: String
  if userName.isEmpty { throw .denied }
  return 1
}
func log(_ message: @autoclosure () -> String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
  analytics.track(message())
}
func describe(_ value: some CustomStringConvertible, _ scope: ImplicitScope) -> String { @Implicit var units: Units; return "\(value)\(units.metric)" }
func upload(_ payload: consuming [Double], _ scope: ImplicitScope) { log(describe(payload.count, scope), scope) }

func runSync(_ scope: ImplicitScope) {
  do {
    let n = try sync(scope)
    log("synced \(n)", scope)
  } catch .offline {
    log("offline", scope)
  } catch {
    upload([], scope)
  }
}

// Async: for try await, async let tuples, continuations, MainActor.run, task groups.
struct Sample: Sendable { var v: Double }
func stream(_ scope: ImplicitScope) -> AsyncThrowingStream<Sample, Error> {
  AsyncThrowingStream { continuation in
    @Implicit var store: HealthStore
    for v in store.samples("hr") { continuation.yield(Sample(v: v)) }
    continuation.finish()
  }
}
func watch(_ scope: ImplicitScope) async throws -> Double {
  var total = 0.0
  for try await sample in stream(scope) where sample.v > 0 {
    total += normalized(sample.v, scope)
  }
  async let a = heartRate(scope)
  async let b = stepCount(scope)
  let (hr, steps) = try await (a, b)
  let fromContinuation = await withCheckedContinuation { continuation in
    continuation.resume(returning: normalized(hr, scope))
  }
  await MainActor.run { log("\(steps)", scope) }
  return total + fromContinuation
}
func heartRate(_ scope: ImplicitScope) async throws -> Double { @Implicit var clock: Clock; return clock.now }
func stepCount(_ scope: ImplicitScope) async -> Int { @Implicit var store: HealthStore; return store.samples("s").count }

// A view model with a stored scope, a lazy closure and a Task.
@MainActor
final class WorkoutViewModel {
  @Implicit var analytics: Analytics
  private let implicits = #implicits
  var total = 0.0
  lazy var onFinish: () -> Void = { [weak self] in self?.analytics.track("finish") }
  init(_ scope: ImplicitScope) {}
  func start() {
    Task { [implicits] in
      let scope = ImplicitScope(with: implicits); defer { scope.end() }
      self.total = (try? await watch(scope)) ?? 0
    }
  }
}

// Entry points.
@MainActor func launch() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var store = HealthStore()
  @Implicit var clock = Clock()
  @Implicit var analytics = Analytics()
  @Implicit var units = Units()
  @Implicit(\.userName) var userName = "ann"
  _ = title(for: .heart(rate: 80), scope)
  _ = summarize([[1, 2]], scope)
  runSync(scope)
  WorkoutViewModel(scope).start()
}

@MainActor func launchWithoutUnits() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Units' at this entry point}}
  @Implicit var store = HealthStore()
  @Implicit var clock = Clock()
  @Implicit var analytics = Analytics()
  @Implicit(\.userName) var userName = "ann"
  _ = title(for: .steps, scope) // expected-note@:7 {{'Units' is required by the call to 'title(for:_:)' here}}
}
