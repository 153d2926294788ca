import ImplicitsCSupport
import Testing

@testable import Implicits

/// Correct code that ends a scope after the `async let`s started in it are done must never
/// stop, whatever became of them: returned, threw, were cancelled, were awaited with
/// `try?`, or were left for Swift to await at the end of their block. The screens below are
/// written as apps write them; each runs from a plain task, inside an actor and on the
/// main actor (the caller's isolation: `#isolation`).
struct ProfileLoadFailed: Error {}

struct Profile: Sendable, Equatable { var name: String; var balance: Int? }

/// A profile service whose calls read the implicit wallet, like a request handler reading
/// its session.
struct ProfileAPI: Sendable {
  var fails = false
  var delay: UInt64 = 0

  func profile(_ name: String) async throws -> Profile {
    if delay > 0 { try await Task.sleep(nanoseconds: delay) }
    if fails { throw ProfileLoadFailed() }
    return Profile(name: name, balance: readBalance())
  }
}

/// What a screen showed: the profile, or the error, and the balance read after the scope.
struct Shown: Sendable, Equatable {
  var profile: Profile?
  var failed = false
  var balanceAfter: Int?
}

/// Where the screens run.
enum Isolation: String, CaseIterable, CustomTestStringConvertible {
  case task, actor, mainActor
  var testDescription: String { rawValue }

  func run(_ screen: @escaping @Sendable (isolated (any Actor)?) async -> Shown) async -> Shown {
    switch self {
    case .task: await screen(nil)
    case .actor: await ScreenActor().run(screen)
    case .mainActor: await MainActorScreens.run(screen)
    }
  }
}

actor ScreenActor {
  func run(_ screen: @Sendable (isolated (any Actor)?) async -> Shown) async -> Shown { await screen(self) }
}

@MainActor enum MainActorScreens {
  static func run(_ screen: @Sendable (isolated (any Actor)?) async -> Shown) async -> Shown {
    await screen(MainActor.shared)
  }
}

/// `do { try await } catch { }`, then `end()`: the `async let` threw and was awaited.
func showProfileHandlingErrors(_ api: ProfileAPI, isolation: isolated (any Actor)? = #isolation) async -> Shown {
  let scope = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 12)
  async let profile = api.profile("ada")
  var shown = Shown()
  do { shown.profile = try await profile } catch { shown.failed = true }
  scope.end()
  shown.balanceAfter = readBalance()
  return shown
}

/// `try?`, then `end()`.
func showProfileIgnoringErrors(_ api: ProfileAPI, isolation: isolated (any Actor)? = #isolation) async -> Shown {
  let scope = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 13)
  async let profile = api.profile("bob")
  let loaded = try? await profile
  scope.end()
  return Shown(profile: loaded, failed: loaded == nil, balanceAfter: readBalance())
}

/// `defer { scope.end() }` before an `async let` that is never awaited explicitly: Swift
/// cancels and awaits it at the end of the function, before the `defer` runs.
func prefetchProfile(_ api: ProfileAPI, isolation: isolated (any Actor)? = #isolation) async -> Shown {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var wallet = Wallet(balance: 14)
  async let _ = api.profile("cy")
  return Shown(profile: nil, failed: false, balanceAfter: readBalance())
}

/// A list screen: one scope per row, each with an `async let` that may fail.
func showProfiles(_ names: [String], failing: Set<String>, isolation: isolated (any Actor)? = #isolation) async -> Shown {
  var loaded = 0
  var failures = 0
  for (index, name) in names.enumerated() {
    let scope = ImplicitScope()
    @Implicit var wallet = Wallet(balance: index)
    async let row = ProfileAPI(fails: failing.contains(name)).profile(name)
    do {
      let profile = try await row
      if profile.balance == index { loaded += 1 }
    } catch {
      failures += 1
    }
    scope.end()
  }
  return Shown(profile: Profile(name: "rows", balance: loaded), failed: failures > 0, balanceAfter: failures)
}

@Suite struct AsyncLetEndTests {
  @Test(arguments: Isolation.allCases, [false, true])
  func endingAfterAwaitingAnAsyncLetThatReturnedOrThrew(_ isolation: Isolation, fails: Bool) async {
    let shown = await isolation.run { await showProfileHandlingErrors(ProfileAPI(fails: fails), isolation: $0) }
    #expect(shown.profile == (fails ? nil : Profile(name: "ada", balance: 12)))
    #expect(shown.failed == fails)
    #expect(shown.balanceAfter == nil)
  }

  @Test(arguments: Isolation.allCases, [false, true])
  func endingAfterAwaitingAnAsyncLetWithTry(_ isolation: Isolation, fails: Bool) async {
    let shown = await isolation.run { await showProfileIgnoringErrors(ProfileAPI(fails: fails), isolation: $0) }
    #expect(shown.failed == fails)
    #expect(shown.balanceAfter == nil)
  }

  @Test(arguments: Isolation.allCases, [false, true])
  func endingInADeferAfterAnAsyncLetNeverAwaited(_ isolation: Isolation, fails: Bool) async {
    let shown = await isolation.run {
      await prefetchProfile(ProfileAPI(fails: fails, delay: 1_000_000), isolation: $0)
    }
    #expect(shown.balanceAfter == 14)
    #expect(readBalance() == nil)
  }

  @Test(arguments: Isolation.allCases)
  func endingEachRowsScopeInALoop(_ isolation: Isolation) async {
    let names = (0..<60).map { "user\($0)" }
    let failing = Set(names.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
    let shown = await isolation.run { await showProfiles(names, failing: failing, isolation: $0) }
    #expect(shown.profile?.balance == 40)
    #expect(shown.balanceAfter == 20)
  }

  /// An `async let` that returned, awaited before `end()`: the runtime stored its result,
  /// so its child finished, and its task-local head must be cleared (what `end()` relies
  /// on for one that threw). The check's answer is published, on both task paths.
  @Test func anAsyncLetThatReturnedWitnessesThatAFinishedChildsHeadIsCleared() async {
    let shown = await showProfileHandlingErrors(ProfileAPI(fails: false))
    #expect(shown.profile == Profile(name: "ada", balance: 12))
    #expect(_TaskLayout.readableOffsets != nil)
    #expect(_TaskLayoutWord.published.finishedChildren == .agrees)
  }

  /// That a finished child's head is cleared is checked before any `end()` relies on it:
  /// verifying the layout runs the library's own probe child, so the answer is published
  /// by the time the first task operation of a process returns, on both task paths.
  @Test func theFinishedChildCheckIsAnsweredWhenTheLayoutIsVerified() async {
    await #expect(processExitsWith: .success) {
      precondition(ims_task_layout() == 0, "verified before the test's first task operation")
      precondition(_TaskLayout.readableOffsets != nil, "the layout did not verify")
      let answer = _TaskLayoutWord.published.finishedChildren
      precondition(answer == .agrees, "finished children: \(answer.rawValue), not checked when verified")
    }
  }

  /// The first `end()` of a process meets an `async let` that threw (no stored result, no
  /// witness of its own): it ends, on an answer checked before it, not taken on trust.
  @Test(arguments: [false, true])
  func theFirstEndOfAProcessAfterAnAsyncLetThatThrew(inAChildTask: Bool) async {
    await #expect(processExitsWith: .success) { [inAChildTask] in
      precondition(ims_task_layout() == 0, "verified before the test's first task operation")
      let shown =
        inAChildTask
        ? await Task.detached { await showProfileHandlingErrors(ProfileAPI(fails: true)) }.value
        : await showProfileHandlingErrors(ProfileAPI(fails: true))
      precondition(shown.failed && shown.balanceAfter == nil)
      precondition(_TaskLayoutWord.published.finishedChildren == .agrees)
    }
  }

  /// Had a witness found a finished child's head still set, a child whose result was not
  /// stored could not be judged finished: on the verified layout `end()` keeps the frame
  /// (fail closed) until the `async let`'s record is gone, which Swift removes once the
  /// child is done, rather than free what the child may read; on the runtime's entry points
  /// it reports the `async let`.
  @Test func aContradictedWitnessKeepsTheFrameOfAnAsyncLetThatThrew() async {
    let result = await #expect(
      processExitsWith: taskLayoutDisabled ? .failure : .success, observing: [\.standardErrorContent]
    ) {
      precondition(_TaskLayout.readableOffsets != nil)
      _TaskLayoutWord.publishFinishedChildren(.differs)
      let released = RunCount()
      func screen() async {
        let scope = ImplicitScope()
        @Implicit var session = Counted("di", deinits: released)
        async let profile = ProfileAPI(fails: true).profile("di")
        _ = try? await profile
        scope.end()
        precondition(readSessionUser() == nil, "the ended scope is still visible")
        precondition(released.value == 0, "freed while its child could not be judged finished")
      }
      await screen()
      openAndEndAScope()
      precondition(released.value == 1, "not freed once the async let's record was gone")
    }
    if taskLayoutDisabled {
      #expect(standardError(of: result).contains("while the child task of an `async let` started inside it"))
    }
  }

  /// A cancelled task: its `async let` child throws `CancellationError` from its sleep,
  /// and the scope still ends after it was awaited.
  @Test(arguments: Isolation.allCases)
  func endingAfterAwaitingACancelledAsyncLet(_ isolation: Isolation) async {
    let started = Event()
    let task = Task {
      await isolation.run { actor in
        await started.signal()
        // Sleeps until cancelled, then throws.
        return await showProfileHandlingErrors(ProfileAPI(delay: 60_000_000_000), isolation: actor)
      }
    }
    await started.wait()
    task.cancel()
    let shown = await task.value
    #expect(shown.failed)
    #expect(shown.balanceAfter == nil)
  }
}
