// Wall time, throughput and mallocs of every scenario with ordo-one/benchmark:
// `swift package --package-path Benchmarks benchmark` (see Benchmarks/README.md).
//
// The harness calls benchmark bodies from a task, where the runtime takes its task path;
// scenarios of the synchronous path therefore run their measured loop on a plain thread.

import Benchmark
import Scenarios

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
    timeUnits: .nanoseconds,
    warmupIterations: 3,
    scalingFactor: .kilo,
    maxDuration: .seconds(1),
    maxIterations: 1_000
  )
  for scenario in Scenario.all {
    // Contention: a million operations per sample, so that waking the threads is noise.
    let scaling: BenchmarkScalingFactor =
      scenario.group == "contention" ? .mega : scenario.largeIterations >= 1_000 ? .kilo : .one
    let configuration = Benchmark.Configuration(scalingFactor: scaling)
    switch scenario.place {
    case .thread(let body):
      Benchmark(scenario.id, configuration: configuration) { benchmark in
        let iterations = benchmark.scaledIterations.count
        let probe = Probe(benchmark)
        PlainThread.run { body(iterations, probe) }
      }
    case .mainThread:
      // The harness owns the main thread (and its main actor): instruction counts only.
      continue
    case .task(let body):
      Benchmark(scenario.id, configuration: configuration) { benchmark async in
        await body(benchmark.scaledIterations.count, Probe(benchmark))
      }
    }
  }
}

extension Probe {
  /// Measures between the scenario's `start()` and `stop()` calls only.
  init(_ benchmark: Benchmark) {
    nonisolated(unsafe) let benchmark = benchmark
    self.init(start: { benchmark.startMeasurement() }, stop: { benchmark.stopMeasurement() })
  }
}
