#if ImplicitsAnalysis
import Dispatch
import Foundation

/// Work run on a thread of its own beside what the caller goes on doing, and waited for
/// where its result is needed.
///
/// Not a part of a `concurrentPerform`: one `concurrentPerform` called inside another runs
/// its iterations in turn on one thread (libdispatch divides the cores by the outer one's
/// iterations, and with two cores and three outputs that leaves one), so work that spreads
/// itself over the cores must run on the caller's thread, and what goes beside it here.
final class Beside<Value>: @unchecked Sendable {
  /// Written by the thread `init` starts, read after it signals.
  private var result: Value?
  private let done = DispatchSemaphore(value: 0)

  init(_ work: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      result = work()
      done.signal()
    }
    thread.start()
  }

  /// The work's result, once it is done. Called once.
  func value() -> Value {
    done.wait()
    return result.take()!
  }
}
#endif
