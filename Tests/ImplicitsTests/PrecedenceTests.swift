import Dispatch
import Foundation
import Testing

@testable import Implicits

/// Runs jobs on one thread, like a main run loop: the thread opens a synchronous root
/// scope first, then serves jobs inside it until told to stop.
final class RunLoopThread: SerialExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  /// Starts the thread; `setUp` runs on it before it serves jobs, `tearDown` after.
  init(setUp: @escaping @Sendable () -> Void, tearDown: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      setUp()
      serve()
      tearDown()
    }
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    condition.lock()
    jobs.append(UnownedJob(job))
    condition.signal()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}

/// An actor whose jobs run on a `RunLoopThread`, as main-actor code runs on the main thread.
actor LoopActor {
  let executor: RunLoopThread
  init(_ executor: RunLoopThread) { self.executor = executor }
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Reads in its own scopes, and what it sees outside them.
  func readings() async -> [String?] {
    var seen: [String?] = []
    seen.append(withScope { _ in
      @Implicit var logger = Logger("double")
      return ImplicitScope.read(Logger.self)?.name
    })
    seen.append(await withScope { _ in
      @Implicit var logger = Logger("double")
      await Task.yield()
      return ImplicitScope.read(Logger.self)?.name
    })
    // Outside its scopes the task has no value: the thread's scope is not the task's.
    seen.append(ImplicitScope.read(Logger.self)?.name)
    seen.append(contentsOf: ImplicitScope.dumpCurrent().keys)
    seen.append("bag: \(Implicits.captureAll().count)")
    return seen
  }
}

/// One rule on every path: code running in a task uses the task's context, even on a
/// thread inside an open synchronous scope.
@Suite struct PrecedenceTests {
    @Test func aTaskOnAThreadInsideASynchronousScopeUsesItsOwnValues() async {
    let threadSaw = ResultBox<[String?]>()
    let tornDown = DispatchSemaphore(value: 0)
    let scope = ResultBox<ImplicitScope>()
    let loop = RunLoopThread(
      setUp: {
        let root = ImplicitScope()
        scope.value = root
        @Implicit var logger = Logger("live")
      },
      tearDown: {
        threadSaw.value = [ImplicitScope.read(Logger.self)?.name]
        scope.value!.end()
        threadSaw.value!.append(ImplicitScope.read(Logger.self)?.name)
        tornDown.signal()
      })
    let seen = await LoopActor(loop).readings()
    loop.stop()
    #expect(seen == ["double", "double", nil, "bag: 0"])
    await withCheckedContinuation { done in
      DispatchQueue.global().async {
        tornDown.wait()
        done.resume()
      }
    }
    #expect(threadSaw.value == ["live", nil])
  }
}
