#if ImplicitsAnalysis
import Dispatch
import Foundation

/// Work run on one of libdispatch's worker threads beside what the caller goes on doing,
/// or by the caller itself if no worker has started it by the time its result is needed.
///
/// Unlike `Beside`, which starts a new thread: a worker has run the module's parallel
/// passes (parsing, loading), so its malloc arena may hold memory they freed; a new
/// thread's arena is fresh memory. Either way the work's allocations are not in the
/// caller's arena: memory it keeps can raise the peak RSS (`GraphBuilder+ModuleSymbols`).
/// A caller that is itself a worker (a check inside a `concurrentPerform`) may find no
/// worker free; it then does the work itself rather than wait for one.
final class OnWorker<Value>: @unchecked Sendable {
  /// Written by whoever claimed the work, read after `done` is signalled or by the caller
  /// that claimed it.
  private var result: Value?
  private var work: (@Sendable () -> Value)?
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var claimed = false
  private var finished = false

  /// With `onWorker` false, the work is done by the caller when it needs the result.
  init(if onWorker: Bool = true, _ work: @escaping @Sendable () -> Value) {
    self.work = work
    guard onWorker else { return }
    DispatchQueue.global().async { [self] in
      guard let work = claim() else { return }
      result = work()
      lock.withLock { finished = true }
      done.signal()
    }
  }

  /// The work's result, once it is done. Called once, on the thread that made this.
  func value() -> Value {
    if let work = claim() { return work() }
    done.wait()
    return result.take()!
  }

  /// Whether a worker has done the work: `value()` would not wait. The caller can do
  /// something else meanwhile, on its own thread (no third thread on two cores).
  var isDone: Bool { lock.withLock { finished } }

  private func claim() -> (@Sendable () -> Value)? {
    lock.lock()
    defer { lock.unlock() }
    guard !claimed else { return nil }
    claimed = true
    return work.take()
  }
}
#endif
