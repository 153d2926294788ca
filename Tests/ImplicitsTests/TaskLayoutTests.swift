import ImplicitsCSupport
import Testing

@testable import Implicits

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this run takes the path used where the task layout does not verify
/// (`IMPLICITS_TASK_LAYOUT=runtime`, one CI step): only the runtime's entry points.
let taskLayoutDisabled = getenv("IMPLICITS_TASK_LAYOUT").map { String(cString: $0) } == "runtime"

/// The two task words the async path reads directly are found on the runtime we ship
/// with; were they not, misuse of task scopes would reach the runtime's own abort.
@Suite struct TaskLayoutTests {
  @Test func theLayoutIsVerifiedOnThisRuntime() async {
    #expect((_TaskLayout.offsets != nil) == !taskLayoutDisabled)
    // Where the task keeps its status records (the `async let` check) is found too.
    #expect(taskLayoutDisabled || _TaskLayout.offsets?.records != 0)
  }

  @Test(.disabled(if: taskLayoutDisabled, "checks the two task words, not read on this path"))
  func theInnermostFrameIsFoundWithOrWithoutABindingAboveIt() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    let task = _SwiftTask.current!
    let direct = _FrameRef.innermost(in: task, _TaskLayout.offsets)
    #expect(direct?.storage == _FrameRef.innermost?.storage)
    #expect(_TaskLayout.mayUnlink(direct!, of: task, _TaskLayout.offsets!))
    TaskLocals.$tag.withValue(1) {
      // The newest binding is not a frame: the runtime's lookup answers, and popping the
      // frame now would not be allowed.
      #expect(_FrameRef.innermost(in: task, _TaskLayout.offsets)?.storage == direct?.storage)
      #expect(!_TaskLayout.mayUnlink(direct!, of: task, _TaskLayout.offsets!))
    }
  }

  @Test func aChildFindsItsParentsFrameThroughTheMarkerAsTheRuntimeDoes() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 3)
      async let seen: (direct: UnsafeMutableRawPointer?, runtime: UnsafeMutableRawPointer?, balance: Int?) = {
        let task = _SwiftTask.current!
        return (_FrameRef.innermost(in: task, _TaskLayout.offsets)?.storage, _FrameRef.innermost?.storage, readBalance())
      }()
      let (direct, runtime, balance) = await seen
      // Checked once against the runtime, then trusted: the layout word says it agrees.
      #expect(taskLayoutDisabled || _TaskLayoutWord.published.markers == .agrees)
      #expect(direct != nil)
      #expect(direct == runtime)
      #expect(balance == 3)
    }
  }
}
