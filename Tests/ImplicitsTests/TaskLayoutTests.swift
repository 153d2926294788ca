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

/// Where the first task that uses the library stands, when the layout is verified there.
enum VerifyingTask: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
  case cancelled, inAGroupBody, onTheMainActor
  var testDescription: String { rawValue }
}

/// The layout found by the first task operation of a fresh process, made from `place`.
func layoutVerifiedFirst(in place: VerifyingTask) async -> _TaskLayout.Offsets? {
  switch place {
  case .cancelled:
    return await Task { () -> _TaskLayout.Offsets? in
      withUnsafeCurrentTask { $0?.cancel() }
      return _TaskLayout.offsets
    }.value
  case .inAGroupBody:
    return await withTaskGroup(of: Void.self) { group in
      group.addTask {}
      return _TaskLayout.offsets
    }
  case .onTheMainActor:
    return await MainActor.run { _TaskLayout.offsets }
  }
}

extension TaskLayoutTests {
  /// Verifying does not depend on the task that happens to do it: a cancelled task (the
  /// runtime adds no cancellation handler's record there), a task in a group's body, a
  /// main-actor task all find every word, the status records included. Each runs in a
  /// fresh process, where it is the first to verify.
  @Test(.disabled(if: taskLayoutDisabled, "the layout is not verified on this path"), arguments: VerifyingTask.allCases)
  func theFirstTaskToVerifyMayBeAnyTask(_ place: VerifyingTask) async {
    await #expect(processExitsWith: .success) { [place] in
      precondition(ims_task_layout() == 0, "verified before the test's first task operation")
      let offsets = await layoutVerifiedFirst(in: place)
      precondition(offsets != nil && offsets!.records != 0, "not verified from \(place)")
      // Every later task uses the first result.
      let again = await Task.detached { _TaskLayout.offsets }.value
      precondition(again?.head == offsets!.head && again?.records == offsets!.records)
    }
  }
}
