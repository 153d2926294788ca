#if ImplicitsAnalysis
import Foundation

/// Deeply nested files in a debug build of the analyzer.
///
/// swift-syntax's parser stops at 20 levels of nesting when it is built for debugging
/// (256 in release), because its debug stack frames are much larger. A build-tool plugin's
/// executable is built in the configuration of the build that runs it, so in an ordinary
/// `swift build` the analyzer is such a debug build, and 21 nested parentheses, closures or
/// SwiftUI containers would be reported as a syntax error in a file that compiles. A file
/// that fails to parse is therefore parsed and analysed again with release's limit, on a
/// thread whose stack is large enough for the parser and the passes' recursive walks at
/// that depth. Only files that fail take this path, so it costs nothing otherwise.
enum DeepNesting {
  /// swift-syntax's limit in release builds: the same files parse in either configuration.
  static let releaseParserLimit = 256

  /// Address space reserved for the thread's stack. Pages are touched only as deep as the
  /// walk goes; a debug parse at `releaseParserLimit` levels needs tens of MiB.
  static let stackSize = 512 << 20

  /// Runs `work` on a new thread with a `stackSize` stack and waits for its result.
  static func onLargeStack<Value>(_ work: @escaping @Sendable () -> Value) -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = work()
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
  }

  /// Written by the one thread `onLargeStack` starts, read after it signals.
  private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
  }
}
#endif
