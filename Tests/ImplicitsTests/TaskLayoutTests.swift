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

/// Every kind of task the fast path runs in.
enum TaskKind: String, CaseIterable, CustomTestStringConvertible {
  case plain, asyncLetChild, groupChild, discardingGroupChild, unstructured, detached, mainActor
  var testDescription: String { rawValue }
}

/// What the words the fast path reads say in a task, beside what the runtime says.
struct WordsAgainstRuntime: Sendable, Equatable {
  /// The innermost frame found through the task's head word, and by the runtime's lookup.
  var frameFound: Bool
  var sameFrame: Bool
  /// The group-body answer from the task's status records, and the runtime's.
  var groupAnswersAgree: Bool
  var balance: Int?
}

func wordsAgainstRuntime() -> WordsAgainstRuntime {
  let task = _SwiftTask.current!
  let offsets = _TaskLayout.offsets!
  let direct = _FrameRef.innermost(in: task, offsets)
  let records = (task + offsets.records).load(as: UnsafeMutableRawPointer?.self)
  return WordsAgainstRuntime(
    frameFound: direct != nil, sameFrame: direct?.storage == _FrameRef.innermost?.storage,
    groupAnswersAgree: _TaskLayout.inGroupBody(records) == swift_task_hasTaskGroupStatusRecord(),
    balance: readBalance())
}

func wordsInA(_ kind: TaskKind) async -> WordsAgainstRuntime {
  switch kind {
  case .plain: return wordsAgainstRuntime()
  case .asyncLetChild:
    async let words = wordsAgainstRuntime()
    return await words
  case .groupChild:
    return await withTaskGroup(of: WordsAgainstRuntime.self) { group in
      group.addTask { wordsAgainstRuntime() }
      return await group.next()!
    }
  case .discardingGroupChild:
    let box = ResultBox<WordsAgainstRuntime>()
    await withDiscardingTaskGroup { group in group.addTask { box.value = wordsAgainstRuntime() } }
    return box.value!
  case .unstructured: return await Task { wordsAgainstRuntime() }.value
  case .detached:
    // Starts empty: declares its own value first.
    return await Task.detached {
      await withScope { _ async in
        @Implicit var wallet = Wallet(balance: 4)
        return wordsAgainstRuntime()
      }
    }.value
  case .mainActor: return await MainActor.run { wordsAgainstRuntime() }
  }
}

extension TaskLayoutTests {
  /// The words verified once are the same words in every kind of task: the innermost frame
  /// found through the head word is the runtime's, and the group-body answer read from the
  /// status records is the runtime's, inside and outside group bodies.
  @Test(.disabled(if: taskLayoutDisabled, "the words are not read on this path"), arguments: TaskKind.allCases)
  func theVerifiedWordsHoldInEveryKindOfTask(_ kind: TaskKind) async {
    let words = await withScope { _ in
      @Implicit var wallet = Wallet(balance: 4)
      return await wordsInA(kind)
    }
    #expect(words == WordsAgainstRuntime(frameFound: true, sameFrame: true, groupAnswersAgree: true, balance: 4))
    // In a group's body itself (its own frame opened there), the answer is "yes" on both.
    let inBody = await withTaskGroup(of: Void.self) { group in
      await withScope { _ in
        @Implicit var wallet = Wallet(balance: 4)
        group.addTask {}
        return await wordsInA(kind)
      }
    }
    #expect(inBody.groupAnswersAgree && inBody.sameFrame && inBody.balance == 4)
  }
}
