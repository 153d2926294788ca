import Foundation
import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@testable import Implicits

/// The user of the request's session (a `Counted`: its deinit counts).
func readSessionUser() -> String? { ImplicitScope.read(Counted.self)?.name }

/// A feed that is still loading when the scope ends: it waits (not cancellably, as a
/// network call past its point of no return) until the screen ended its scope, then reads
/// the implicit session and wallet, as the loading code under it would.
final class SlowFeed: Sendable {
  let started = Event()
  let screenEnded = Event()
  let read = ResultBox<(user: String?, balance: Int?)>()
  private let lock = NSLock()

  func load() async throws -> [String] {
    await started.signal()
    await screenEnded.wait()
    let seen = (user: readSessionUser(), balance: readBalance())
    lock.withLock { read.value = seen }
    return ["post"]
  }

  var seen: (user: String?, balance: Int?)? { lock.withLock { read.value } }
}

/// How a dashboard screen ends its scope while its feed still loads.
enum DashboardEnding: String, CaseIterable, CustomTestStringConvertible, Sendable {
  /// `end()` after the `catch`, before Swift awaits the feed at the end of the function.
  case afterCatch
  /// `defer { scope.end() }` written after the `async let`s: it runs before Swift awaits them.
  case deferAfterAsyncLets
  /// Nested scopes, both ended after the `catch`: the inner one reads through the outer
  /// one's values.
  case nestedAfterCatch
  var testDescription: String { rawValue }
}

/// The dashboard of issue 19: the profile fails fast while the feed still loads; the
/// `catch` shows the error and the scope ends (as `ending` says) while the feed runs.
func showDashboard(
  _ feed: SlowFeed, released: RunCount, ending: DashboardEnding = .afterCatch,
  isolation: isolated (any Actor)? = #isolation
) async -> Shown {
  let outer = ImplicitScope()
  @Implicit var session = Counted("ada", deinits: released)
  let scope = ending == .nestedAfterCatch ? outer.nested() : outer
  @Implicit var wallet = Wallet(balance: 21)
  async let profile = ProfileAPI(fails: true).profile("ada")
  async let posts = feed.load()
  defer {
    if ending == .deferAfterAsyncLets {
      scope.end()
      // The feed reads once the scope ended (from a task of its own: a `defer` cannot await).
      Task { await feed.screenEnded.signal() }
    }
  }
  var shown = Shown()
  await feed.started.wait()
  do {
    shown.profile = try await profile
    _ = try await posts
  } catch {
    shown.failed = true
  }
  guard ending != .deferAfterAsyncLets else { return shown }
  scope.end()
  if ending == .nestedAfterCatch { outer.end() }
  // The next thing the screen does opens and ends a scope while the feed still runs: the ended
  // scopes' frames must stay for the feed.
  openAndEndAScope()
  await feed.screenEnded.signal()
  shown.balanceAfter = readBalance()
  return shown
}

/// Opens and ends a scope in the current task, as the next screen of the task would.
func openAndEndAScope() {
  let scope = ImplicitScope()
  scope.end()
}

extension AsyncLetEndTests {
  /// Issue 19's program: correct Swift, so it must not stop. The feed reads the scope's
  /// values after the `end()` (the scope's frame is kept for it), the screen no longer sees
  /// them, and they are released once the task next ends a scope, the feed done.
  @Test(.disabled(if: taskLayoutDisabled, "the runtime frees the binding at end(): refused there"),
    arguments: Isolation.allCases, DashboardEnding.allCases)
  func endingWhileAnotherAsyncLetStillRuns(_ isolation: Isolation, ending: DashboardEnding) async {
    let feed = SlowFeed()
    let released = RunCount()
    let shown = await isolation.run { await showDashboard(feed, released: released, ending: ending, isolation: $0) }
    #expect(shown.failed)
    #expect(shown.balanceAfter == nil)
    #expect(feed.seen?.user == "ada")
    #expect(feed.seen?.balance == 21)
    #expect(readBalance() == nil)
    openAndEndAScope()
    #expect(released.value == 1)
    #expect(readSessionUser() == nil)
  }

  /// A screen per row, in a loop: each row's scope ends while its feed runs; the next row
  /// frees the previous row's frame.
  @Test(.disabled(if: taskLayoutDisabled, "the runtime frees the binding at end(): refused there"),
    arguments: Isolation.allCases)
  func endingWhileAnAsyncLetStillRunsInALoop(_ isolation: Isolation) async {
    let released = RunCount()
    let rows = 40
    let reads = await isolation.run { actor in
      var reads: [Int?] = []
      for _ in 0..<rows {
        let feed = SlowFeed()
        _ = await showDashboard(feed, released: released, isolation: actor)
        reads.append(feed.seen?.balance)
      }
      return Shown(profile: nil, failed: reads.allSatisfy { $0 == 21 }, balanceAfter: reads.count)
    }
    #expect(reads.failed)
    #expect(reads.balanceAfter == rows)
    // Each row's end() freed the rows before it (their feeds done); this one frees the last.
    openAndEndAScope()
    #expect(released.value == rows)
  }

  /// Tasks that end right after such an `end()`, with no scope operation after it: the frame
  /// stays kept (its values retained) until a task at the same address opens or ends a
  /// scope. Many tasks, then many more: nothing stops, every read is right, and the frames
  /// of ended tasks are freed as their addresses are reused.
  @Test(.disabled(if: taskLayoutDisabled, "the runtime frees the binding at end(): refused there"))
  func tasksThatEndRightAfterEndingWhileAnAsyncLetRuns() async {
    let released = RunCount()
    let tasks = 200
    var reads: [Int?] = []
    for _ in 0..<tasks {
      let feed = SlowFeed()
      _ = await Task.detached { await showDashboard(feed, released: released) }.value
      reads.append(feed.seen?.balance)
    }
    #expect(reads.allSatisfy { $0 == 21 })
    for _ in 0..<tasks { await Task.detached { openAndEndAScope() }.value }
  }

  /// A frame kept for a task that ended is freed by the next task at its address, told
  /// apart by its id: here a frame of this task, given another owner id.
  @Test(.disabled(if: taskLayoutDisabled, "the runtime frees the binding at end(): refused there"))
  func aFrameKeptForAnEndedTaskIsFreedByTheTaskAtItsAddress() async throws {
    let task = try #require(_SwiftTask.current)
    let released = RunCount()
    _ = await showDashboard(SlowFeed(), released: released)
    // Kept, its feed done: the owner's next scope would free it. Given another owner id, it
    // is the frame of an ended task that lived at this address (frames of tasks that did
    // may be kept too: they go back as they were).
    let identity = _SwiftTask.identity(of: task)
    var next = ims_kept_frames_take(task)
    var found = 0
    while let frame = next {
      next = frame.pointee.next_kept
      if frame.pointee.owner_id == identity {
        found += 1
        #expect(frame.pointee.kind == UInt32(IMS_TASK_FRAME_KEPT))
        frame.pointee.owner_id ^= 1
      }
      ims_kept_frame_add(frame)
    }
    #expect(found == 1)
    #expect(released.value == 0)
    openAndEndAScope()
    #expect(released.value == 1)
  }

  /// On the runtime's entry points the runtime frees the scope's binding at `end()`, while
  /// the child reads it: refused, with a message that says what to do.
  @Test(.enabled(if: taskLayoutDisabled, "the verified layout keeps the frame for the child"))
  func endingWhileAnAsyncLetStillRunsIsRefusedOnTheRuntimesEntryPoints() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = await showDashboard(SlowFeed(), released: RunCount())
    }
    let text = standardError(of: result)
    #expect(text.contains("while the child task of an `async let` started inside it is still running"))
    #expect(text.contains("AsyncLetRunningAtEndTests.swift:"))
    #expect(text.contains("`defer { scope.end() }` before the `async let`"))
  }
}

/// How a task with no scope of its own open opens its next scope after a screen that ended
/// its scope while its feed ran: the next request's handler (`ImplicitScope()`,
/// `withScope`), a bag restored for a callback, a scope nested in the parent task's.
enum NextScope: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case plain, scoped, bag, nested
  var testDescription: String { rawValue }

  /// Opens the scope (on `parent`, the parent task's scope, for `nested`), runs `body`
  /// inside it, and ends it.
  func open(on parent: ImplicitScope, _ body: () -> Int) -> Int {
    switch self {
    case .plain:
      let scope = ImplicitScope()
      defer { scope.end() }
      return body()
    case .scoped:
      return withScope { _ in body() }
    case .bag:
      let scope = ImplicitScope(with: Implicits.captureAll())
      defer { scope.end() }
      return body()
    case .nested:
      let scope = parent.nested()
      defer { scope.end() }
      return body()
    }
  }
}

extension AsyncLetEndTests {
  /// A frame kept for an `async let` child is freed when its task next opens a scope with
  /// none of its own open, the child done, not only when it next ends one: by then the
  /// screen's values are released. Many tasks at once (children of a server-style group
  /// whose parent holds a scope), each with its own count, none ending a scope before.
  @Test(.disabled(if: taskLayoutDisabled, "the runtime frees the binding at end(): refused there"),
    arguments: DashboardEnding.allCases, NextScope.allCases)
  func aKeptFrameIsFreedWhenItsTaskNextOpensAScope(_ ending: DashboardEnding, next: NextScope) async {
    let tasks = 24
    let releasedAtOpen = await withScope { parent in
      @Implicit var id = RequestID(value: 1)
      return await withTaskGroup(of: Int.self) { group in
        for _ in 0..<tasks {
          group.addTask {
            let released = RunCount()
            _ = await showDashboard(SlowFeed(), released: released, ending: ending)
            return next.open(on: parent) { released.value }
          }
        }
        return await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    #expect(releasedAtOpen == Array(repeating: 1, count: tasks))
  }

  /// Whether a task must look for kept frames depends on its own address only: a task
  /// whose bucket holds another task's kept frame does not take the table's lock on every
  /// `end()`. Two owners sharing a bucket (addresses of a block of this test's, which no
  /// task can have), in a bucket where nothing was kept.
  @Test(.disabled(if: taskLayoutDisabled, "nothing is kept on the runtime's entry points"))
  func aTaskLooksForKeptFramesOnlyWhenItsOwnMayBeKept() throws {
    let stride = 16 * Int(IMS_KEPT_FRAME_BUCKETS)
    let block = UnsafeMutableRawPointer.allocate(byteCount: stride * Int(IMS_KEPT_FRAME_BUCKETS) + stride, alignment: 16)
    defer { block.deallocate() }
    let start = try #require(
      (0..<Int(IMS_KEPT_FRAME_BUCKETS)).first { ims_kept_frame_bucket_owners(ims_kept_frame_bucket(block + 16 * $0)) == nil })
    let owner = block + 16 * start
    let neighbour = owner + stride
    #expect(ims_kept_frame_bucket(owner) == ims_kept_frame_bucket(neighbour))
    let frames = UnsafeMutablePointer<ims_task_frame>.allocate(capacity: 2)
    defer { frames.deallocate() }
    for (index, task) in [owner, neighbour].enumerated() {
      frames[index] = ims_task_frame()
      frames[index].owner = task
      frames[index].kind = UInt32(IMS_TASK_FRAME_KEPT)
    }
    #expect(!ims_task_has_kept_frames(owner))
    ims_kept_frame_add(frames)
    #expect(ims_task_has_kept_frames(owner))
    #expect(!ims_task_has_kept_frames(neighbour))
    // Both kept: both look.
    ims_kept_frame_add(frames + 1)
    #expect(ims_task_has_kept_frames(owner))
    #expect(ims_task_has_kept_frames(neighbour))
    // The neighbour's taken: the owner alone looks again.
    #expect(ims_kept_frames_take(neighbour) == frames + 1)
    #expect(ims_task_has_kept_frames(owner))
    #expect(!ims_task_has_kept_frames(neighbour))
    #expect(ims_kept_frames_take(owner) == frames)
    #expect(!ims_task_has_kept_frames(owner))
  }
}
