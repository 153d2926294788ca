import Foundation
import ImplicitsCSupport
import Testing

@testable import Implicits

/// A concurrent model-based fuzz of the async runtime (see `AsyncFuzz/`): random programs
/// of `async let`, task-group and discarding-group children, `Task {}`, detached tasks,
/// nested and root scopes, `withScope` closures, declarations, reads, bag captures and
/// restores (in tasks and on plain threads), yields, cancellation and main-actor hops;
/// every read is checked against a model of what it may return.
///
/// Programs are seeded: program *i* of a run has seed `IMPLICITS_FUZZ_SEED + i` (default
/// 0x10000), and each prints its seed before it runs, so a program that stops the process
/// is the last one printed. `IMPLICITS_FUZZ_OPERATIONS` sets the run's total (default
/// 200,000; CI runs 10⁶ under ThreadSanitizer on each path). To replay one program:
///
///     IMPLICITS_FUZZ_SEED=<seed> IMPLICITS_FUZZ_OPERATIONS=1 swift test --filter AsyncFuzzTests
///
/// (and `IMPLICITS_TASK_LAYOUT=runtime` if it failed on that path).
@Suite struct AsyncFuzzTests {
  static let environment = ProcessInfo.processInfo.environment

  @Test func randomProgramsReadWhatTheModelSays() async {
    let total = Self.environment["IMPLICITS_FUZZ_OPERATIONS"].flatMap { Int($0) } ?? 200_000
    let firstSeed = Self.environment["IMPLICITS_FUZZ_SEED"].flatMap { UInt64($0.replacing("0x", with: ""), radix: 16) } ?? 0x10000
    let options = FuzzOptions()
    let path = Self.environment["IMPLICITS_TASK_LAYOUT"] == "runtime" ? "runtime entry points" : "fast path"
    var operations = 0
    var reads: [FuzzSource: Int] = [:]
    var seed = firstSeed
    let start = ContinuousClock.now
    while operations < total {
      print("AsyncFuzz: program seed \(String(seed, radix: 16)) (\(path))")
      let program = FuzzProgram(seed: seed, options: options)
      await program.run()
      operations += program.operations
      reads.merge(program.reads, uniquingKeysWith: +)
      if let failure = program.failure {
        Issue.record(
          """
          \(failure)
          Replay: IMPLICITS_FUZZ_SEED=\(String(seed, radix: 16)) IMPLICITS_FUZZ_OPERATIONS=1 \
          swift test --filter AsyncFuzzTests
          """)
        return
      }
      seed += 1
    }
    print(
      """
      AsyncFuzz: \(operations) operations in \(seed - firstSeed) programs, \(ContinuousClock.now - start) (\(path)); \
      checked reads: \(reads[.nothing, default: 0]) of nothing, \(reads[.exact, default: 0]) exact, \
      \(reads[.sharedFrame, default: 0]) in a shared frame (\(reads[.sharedFrameAfterFloor, default: 0]) of a value \
      declared after the reader started), \(reads[.copy, default: 0]) in a copy
      """)
    // Every value a frame, a copy or a bag held is released once they are gone (a finished
    // task's copy goes shortly after its value was delivered).
    var released = FuzzKeys.liveInstances == 0
    for _ in 0..<2_000 where !released {
      try? await Task.sleep(nanoseconds: 1_000_000)
      released = FuzzKeys.liveInstances == 0
    }
    #expect(released, "\(FuzzKeys.liveInstances) declared instances still alive")
  }
}
