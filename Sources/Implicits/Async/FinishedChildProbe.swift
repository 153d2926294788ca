import ImplicitsCSupport

extension _TaskLayout {
  /// Checks, once per process and before `end()` first relies on it, that an `async let`
  /// child which finished has a cleared task-local head (the verified head offset, read in
  /// the child): `end()` takes a child whose result was not stored (it threw, was
  /// cancelled, or was never awaited explicitly) as finished when its head is cleared.
  ///
  /// The child is the library's own: a probe task binds a value (so its child starts with
  /// a marker linking to it: a head that is set), starts an `async let`, awaits its result
  /// (the runtime then marks the record: the child finished, by the runtime's own account)
  /// and reads the child's head through the record. The answer is published as the layout
  /// word's `finishedChildren`. The probe's tasks run on a thread of their own
  /// (`ims_probe_thread_start`): the task that verified the layout waits for the answer,
  /// and may hold a thread of the global pool while it does.
  enum FinishedChildProbe {
    /// How long a task waits for the probe's answer: far more than the two task switches it
    /// takes, on a machine under any load seen; past it the answer is taken as unknown.
    static let timeoutMilliseconds: UInt32 = 10_000

    /// Starts the probe (the first call in the process does) and waits for its answer.
    static func run(_ offsets: Offsets) {
      if ims_probe_thread_start({ job in
        unsafeBitCast(job, to: UnownedJob.self).runSynchronously(on: ProbeExecutor.shared.asUnownedTaskExecutor())
      }) {
        Task.detached(executorPreference: ProbeExecutor.shared) {
          _TaskLayoutWord.publishFinishedChildren(await witness(offsets))
          ims_probe_finished()
        }
      }
      waitForAnswer()
    }

    /// Waits until the probe answered (at most `timeoutMilliseconds`).
    static func waitForAnswer() { _ = ims_probe_wait(timeoutMilliseconds) }

    @TaskLocal private static var probeBinding = 0

    /// The probe task's body: an `async let` that returns, awaited inside a binding, then
    /// the child's head read through the `async let`'s record.
    private static func witness(_ offsets: Offsets) async -> _TaskLayoutWord.Check {
      await $probeBinding.withValue(1) {
        async let child = childValue()
        _ = await child
        return childRecordWitness(offsets)
      }
    }

    private static func childValue() async -> Int { probeBinding }

    /// What the current task's newest `async let` record, whose result was just stored,
    /// says: `agrees` when it names a task created after this one whose head is cleared.
    private static func childRecordWitness(_ offsets: Offsets) -> _TaskLayoutWord.Check {
      guard let task = _SwiftTask.current else { return .differs }
      var record = newestRecord(of: task, offsets)
      while let current = record {
        let status = _TaskStatusRecord(current)
        if status.kind == childTaskRecordKind {
          guard let child = status.child, status.childMatchesFlagWord, status.hasResult,
            ims_task_created_after(child, task)
          else { return .differs }
          return finished(child, offsets) ? .agrees : .differs
        }
        record = status.parent
      }
      return .differs
    }
  }
}

/// The executor of the probe's tasks: jobs go to the probe's thread.
private final class ProbeExecutor: TaskExecutor {
  static let shared = ProbeExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    ims_probe_thread_enqueue(unsafeBitCast(UnownedJob(job), to: UnsafeMutableRawPointer.self))
  }
}
