import Foundation
import Synchronization

@testable import Implicits

/// One random program of the async fuzz: its seed, how many operations it ran, and the
/// first read that did not match the model.
///
/// The program is a tree of tasks, each drawing its operations from a generator split off
/// its creator's, so the same seed runs the same operations in every task (the
/// interleaving differs from run to run: that is what is being tested).
final class FuzzProgram: @unchecked Sendable {
  let seed: UInt64
  /// What the program may do, and how many operations its root task has.
  let options: FuzzOptions
  private let operationCount = Atomic<Int>(0)
  private let nextValue = Atomic<Int>(1)
  private let stopped = Atomic<Bool>(false)
  private let lock = NSLock()
  private var firstFailure: String?

  init(seed: UInt64, options: FuzzOptions) {
    self.seed = seed
    self.options = options
    for source in FuzzSource.allCases { (readsBySource + source.rawValue).initialize(to: Atomic(0)) }
  }

  deinit {
    readsBySource.deinitialize(count: FuzzSource.allCases.count)
    readsBySource.deallocate()
  }

  /// Runs the program to its end.
  func run() async {
    var random = SplitMix(state: seed)
    let root = FuzzTask(
      program: self, path: "root", random: random.split(), budget: options.operations, depth: 0,
      layers: [], inheritedScopes: [], bags: [])
    await root.run()
  }

  var operations: Int { operationCount.load(ordering: .relaxed) }
  var failure: String? { lock.withLock { firstFailure } }
  /// Whether a failure stopped the program (its tasks then wind down).
  var hasStopped: Bool { stopped.load(ordering: .relaxed) }

  func count(_ operations: Int = 1) { operationCount.add(operations, ordering: .relaxed) }

  /// Checked reads by where their value came from (`FuzzSource`): evidence that the run
  /// reached the cases that are not exact. Relaxed counters (see `FrameLog`).
  private let readsBySource = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: FuzzSource.allCases.count)

  func sawRead(from source: FuzzSource) { readsBySource[source.rawValue].add(1, ordering: .relaxed) }

  /// The checked reads by source.
  var reads: [FuzzSource: Int] {
    Dictionary(uniqueKeysWithValues: FuzzSource.allCases.map { ($0, readsBySource[$0.rawValue].load(ordering: .relaxed)) })
  }

  /// A value id never used before in the process.
  func newValue() -> Int { nextValue.add(1, ordering: .relaxed).oldValue }

  func fail(_ message: String) {
    lock.withLock {
      if firstFailure == nil { firstFailure = message }
    }
    stopped.store(true, ordering: .relaxed)
  }
}

/// What a run of the fuzz does: set from the environment so that CI and a reproduction
/// can scale it without editing the test.
struct FuzzOptions: Sendable {
  /// Operations of each program's root task (its children's come out of it).
  var operations = 20_000
  /// How deep tasks nest.
  var maxDepth = 4
}
