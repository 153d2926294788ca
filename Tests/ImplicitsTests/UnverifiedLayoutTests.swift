import ImplicitsCSupport
import Testing

@testable import Implicits

/// The path taken where the task layout does not verify (another Swift runtime): frames
/// are bound through the runtime's entry points and no private word is read, not even the
/// status records. Each test runs in a fresh process that publishes that answer before
/// its first task operation (`IMPLICITS_TASK_LAYOUT=runtime` keeps the status records
/// readable, so it is not this path).
func takeTheUnverifiedPath() {
  precondition(ims_task_layout() == 0, "verified before the test's first task operation")
  _ = _TaskLayoutWord.entryPointsOnly.publishFirst()
  precondition(_TaskLayout.offsets == nil && _TaskLayout.readableOffsets == nil)
}

/// A request handler that opens a scope, fans out to services in a task group created
/// inside it, and (the mistake) ends the scope in the group's body while the children
/// still run: they read the scope's frame in place, through the task-local item the
/// runtime would free.
func endInsideTheFanOut(isolation: isolated (any Actor)? = #isolation) async -> [Int?] {
  let gate = Event()
  let scope = ImplicitScope()
  @Implicit var id = RequestID(value: 7)
  return await withTaskGroup(of: Int?.self) { group in
    for _ in 0..<3 { group.addTask { await requestIDAfter(gate) } }
    scope.end()
    await gate.signal()
    return await group.reduce(into: []) { $0.append($1) }
  }
}

@Suite struct UnverifiedLayoutTests {
  /// Why `end()` cannot leave the pop of a binding the runtime allocated for later (the
  /// task's next library call, or its end) on this path: the async function that opened the
  /// scope has its context allocated below the binding, and its return frees that context,
  /// which the task allocator refuses while the binding is alive. No library code runs
  /// between an `async let`'s end and that return (`defer { scope.end() }` after the
  /// `async let`), so the pop could not come before it.
  @Test func aBindingOutlivingTheFunctionThatPushedItStopsTheRuntimesAllocator() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      takeTheUnverifiedPath()
      let scope = await openAScopeForTheCaller()
      scope.end()
    }
    #expect(standardError(of: result).contains("freed pointer was not the last allocation"))
  }

  /// Where the status records cannot be read, the runtime still answers whether the task
  /// is in a group's body: an `end()` in the body of a group created inside the scope is
  /// reported before the runtime frees what the children read.
  @Test func endingInTheBodyOfAGroupCreatedInTheScopeStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      takeTheUnverifiedPath()
      _ = await endInsideTheFanOut()
    }
    #expect(standardError(of: result).contains("while something started inside it is still running"))
  }

  /// What correct code does there: scopes opened in the group's body and ended right after
  /// `addTask` (the runtime copies bindings made in a group's body into its children), or
  /// the scope ended after the group returned. Nothing stops, and every child reads its
  /// request's value.
  @Test func scopesAroundAndInsideAGroupBodyEndWithoutStopping() async {
    await #expect(processExitsWith: .success) {
      takeTheUnverifiedPath()
      let seen = await fanOut(requests: 3, count: 2)
      precondition(seen == [0: [0, 0], 1: [1, 1], 2: [2, 2]], "read \(seen)")
      let discarding = await fanOutDiscarding(requests: 3, count: 2)
      precondition(discarding == [0: [0, 0], 1: [1, 1], 2: [2, 2]], "read \(discarding)")
      let scope = ImplicitScope()
      @Implicit var id = RequestID(value: 9)
      let read = await withTaskGroup(of: Int?.self) { group in
        group.addTask { ImplicitScope.read(RequestID.self)?.value }
        return await group.next()!
      }
      scope.end()
      precondition(read == 9 && ImplicitScope.read(RequestID.self) == nil)
    }
  }
}
