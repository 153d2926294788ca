import Dispatch
import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@testable import Implicits

enum TaskLocals {
  @TaskLocal static var tag = 0
}

/// A value whose deinit ends the scope that holds it: releasing it is part of that end().
final class EndsItsScope: Sendable {
  let scope: ImplicitScope
  init(_ scope: ImplicitScope) { self.scope = scope }
  deinit { scope.end() }
}

/// Ends a scope holding a value whose deinit ends the same scope again. Had that second
/// end() popped the outer frame instead of stopping, the wallet would be gone after it.
func endAScopeWhoseValueEndsItAgain() {
  let outer = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 1)
  let scope = outer.nested()
  @Implicit var holder = EndsItsScope(scope)
  _ = holder
  scope.end()
  #expect(readBalance() == 1)  // not reached: the deinit's end() stops first
  outer.end()
}

/// Where `openAScopeAndForgetIt` creates its scope, as diagnostics print it.
let openAScopeAndForgetItLine = "ImplicitsTests/AsyncDiagnosticsTests.swift:\(#line + 6)"

/// Opens a scope and returns without ending it (after an await: the function has a frame
/// of its own on the task's allocator, freed when it returns). Not inlined (release).
@inline(never)
func openAScopeAndForgetIt() async {
  let scope = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 7)
  await Task.yield()
  _ = scope
}

/// Ends `scope` from an async function of its own: its frame, allocated after the scope's
/// binding, is still alive when `end()` unbinds. Not inlined: in a release build the
/// function would otherwise become part of its caller, whose scope it may then end.
@inline(never)
func endInACallee(_ scope: ImplicitScope) async {
  await Task.yield()
  scope.end()
}

/// Where `openAScopeForTheCaller` creates its scope, as diagnostics print it.
let openAScopeForTheCallerLine = "ImplicitsTests/AsyncDiagnosticsTests.swift:\(#line + 7)"

/// Opens a scope and returns it open to its caller, which ends it (a mistake: the
/// function's frame, the allocation the scope opened on, is freed when it returns). Not
/// inlined (release).
@inline(never)
func openAScopeForTheCaller() async -> ImplicitScope {
  let scope = ImplicitScope()
  @Implicit var wallet = Wallet(balance: 3)
  await Task.yield()
  return scope
}

/// Misuse of task scopes is reported by the library, in words, before the Swift runtime
/// can abort on its own (each test runs in a child process).
@Suite struct AsyncDiagnosticsTests {
  @Test(.disabled(if: taskLayoutDisabled, "caught through the task's words; without them the runtime's abort is the backstop"))
  func endingInsideAWithValueOpenedInTheScopeIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      TaskLocals.$tag.withValue(1) { scope.end() }
    }
    let text = standardError(of: result)
    #expect(text.contains("while something started inside it is still running"))
    #expect(text.contains("AsyncDiagnosticsTests.swift"))
    expectNoRuntimeAbort(text)
  }

  @Test func endingAfterTheWithValueItWasCreatedInReturnedIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = TaskLocals.$tag.withValue(1) { () -> ImplicitScope in
        let scope = ImplicitScope()
        @Implicit var wallet = Wallet(balance: 1)
        return scope
      }
      #expect(readBalance() == nil)
      scope.end()
    }
    let text = standardError(of: result)
    // Stopped when the withValue returns, naming where the scope was created.
    #expect(text.contains("when the `TaskLocal.withValue` it was created in returned"))
    #expect(text.contains("scope created at ImplicitsTests/AsyncDiagnosticsTests.swift:"))
    expectNoRuntimeAbort(text)
  }

  @Test(.disabled(if: taskLayoutDisabled, "frames are then in the task allocator, whose abort comes first"))
  func aTaskFinishingWithAScopeNeverEndedNamesTheScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let task = Task {
        let scope = ImplicitScope()
        @Implicit var wallet = Wallet(balance: 1)
        _ = scope
      }
      await task.value
    }
    let text = standardError(of: result)
    #expect(text.contains("the scope created at ImplicitsTests/AsyncDiagnosticsTests.swift:"))
    #expect(text.contains("was still open when its task finished"))
    #expect(text.contains("end() was never called"))
    expectNoRuntimeAbort(text)
  }

  @Test(.disabled(if: taskLayoutDisabled, "frames are then in the task allocator, whose abort comes first"))
  func anAsyncFunctionReturningWithItsScopeOpenIsReportedWhenTheTaskFinishes() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await openAScopeAndForgetIt()
      // The scope stays open (its values visible) until the task ends.
      #expect(readBalance() == 7)
    }
    let text = standardError(of: result)
    #expect(text.contains("the scope created at \(openAScopeAndForgetItLine) was still open when its task finished"))
    expectNoRuntimeAbort(text)
  }

  @Test(.disabled(if: taskLayoutDisabled, "frames are then in the task allocator, whose abort comes first"))
  func endingAnOuterScopeOverAScopeACalleeLeftOpenNamesTheLeftScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let outer = ImplicitScope()
      await openAScopeAndForgetIt()
      outer.end()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended out of order"))
    #expect(text.contains("created at \(openAScopeAndForgetItLine)"))
    expectNoRuntimeAbort(text)
  }

  @Test(.disabled(if: taskLayoutDisabled, "caught through the task's words; without them the runtime's abort is the backstop"))
  func endingInAnAsyncCalleeIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      await endInACallee(scope)
    }
    let text = standardError(of: result)
    #expect(text.contains("while something started inside it is still running"))
    expectNoRuntimeAbort(text)
  }

  /// The scope was not ended inside something still running: what opened it has returned.
  @Test(.disabled(if: taskLayoutDisabled, "caught through the task's words; without them the runtime's abort is the backstop"))
  func endingAScopeACalleeReturnedOpenSaysTheCalleeReturned() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = await openAScopeForTheCaller()
      scope.end()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope created at \(openAScopeForTheCallerLine) was ended at"))
    #expect(text.contains("after the async function that created it had returned"))
    #expect(!text.contains("still running"))
    expectNoRuntimeAbort(text)
  }

  /// The parent lets the child read right after `end()`, allocating nothing in between (a
  /// semaphore, not an `await`), so that had `end()` freed the frame, the child would find
  /// its bytes as they were: what an IMPLICITS_INTERNAL_CHECKS build then reports
  /// (`ims_task_frame_check_alive`) where AddressSanitizer sees nothing. On the verified
  /// layout the frame is kept for the child and the program runs to its end; on the
  /// runtime's entry points the runtime would free the frame's item while the child reads
  /// it, so `end()` reports it there (the status records are read there too, read-only).
  @Test func endingBeforeAnAsyncLetOfTheScopeIsAwaitedKeepsTheFrameOrIsCaught() async {
    let result = await #expect(
      processExitsWith: taskLayoutDisabled ? .failure : .success, observing: [\.standardErrorContent]
    ) {
      let started = Event()
      let ended = DispatchSemaphore(value: 0)
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 1)
      async let child: Int? = {
        await started.signal()
        ended.wait()
        return readBalance()
      }()
      await started.wait()
      scope.end()  // the child is still running and reads the scope's values
      ended.signal()
      let read = await child
      precondition(read == 1, "the child read \(read.map(String.init) ?? "nothing") through an ended scope")
      precondition(readBalance() == nil, "the ended scope is still visible")
    }
    let text = standardError(of: result)
    if taskLayoutDisabled {
      #expect(text.contains("while the child task of an `async let` started inside it is still running"))
      #expect(text.contains("AsyncDiagnosticsTests.swift:"))
    }
    #expect(!text.contains("read after it was destroyed"))
  }

  /// The liveness check itself: a frame read after it was destroyed stops the program in an
  /// IMPLICITS_INTERNAL_CHECKS build (CI's internal-checks step, on both task paths).
  @Test(.enabled(if: ims_internal_checks_enabled(), "IMPLICITS_INTERNAL_CHECKS builds only"))
  func readingADestroyedFrameStopsWithInternalChecks() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let frame = UnsafeMutablePointer<ims_task_frame>.allocate(capacity: 1)
      frame.initialize(to: ims_task_frame())
      let file: StaticString = "Screen.swift"
      frame.pointee.file = UnsafeRawPointer(file.utf8Start).assumingMemoryBound(to: CChar.self)
      frame.pointee.line = 12
      ims_task_frame_destroy(frame)
      _ = _FrameRef(UnsafeMutableRawPointer(frame)).find(_Payload.typeIdentity(Wallet.self))
    }
    let text = standardError(of: result)
    #expect(text.contains("the task frame of the scope created at Screen.swift:12 was read after it was destroyed"))
  }

  /// A scope opened before a task group and ended inside its body, while a child added
  /// there reads it in place (it was not bound in the body, so it is not copied). In a
  /// release build the body is inlined and allocates nothing: the group's status record
  /// added since the scope opened is what tells, on both task paths.
  @Test func endingInsideAGroupBodyAScopeOpenedBeforeTheGroupIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let release = Event()
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 1)
      await withTaskGroup(of: Int?.self) { group in
        group.addTask {
          await release.wait()
          return readBalance()
        }
        scope.end()  // the child still runs and reads the scope's values
        await release.signal()
        _ = await group.next()
      }
    }
    let text = standardError(of: result)
    #expect(text.contains("while something started inside it is still running"))
    expectNoRuntimeAbort(text)
  }

  @Test func endingOutOfOrderInATaskNamesTheInnerScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let outer = ImplicitScope()
      let inner = outer.nested()
      _ = inner
      await Task.yield()
      outer.end()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended out of order"))
    #expect(text.contains("created at ImplicitsTests/AsyncDiagnosticsTests.swift:"))
  }

  @Test func aDeinitEndingTheScopeBeingEndedIsEndedTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      endAScopeWhoseValueEndsItAgain()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended twice"))
  }

  @Test func endingAChildsScopeFromTheParentIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let created = Event()
      let ended = Event()
      let box = ResultBox<ImplicitScope>()
      let child = Task {
        let scope = ImplicitScope()
        box.value = scope
        await created.signal()
        await ended.wait()
        scope.end()
      }
      await created.wait()
      box.value!.end()
      await ended.signal()
      await child.value
    }
    let text = standardError(of: result)
    #expect(text.contains("on another task than the one that created it"))
  }

  @Test func declaringIntoAnInheritedScopeIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withScope { _ in
        async let child: Void = {
          @Implicit var wallet = Wallet(balance: 1)
          _ = wallet
        }()
        await child
      }
    }
    let text = standardError(of: result)
    #expect(text.contains("outside any scope of the current task"))
    #expect(text.contains("read-only in child tasks"))
  }
}

/// The library stopped the process in words before the Swift runtime's own abort (whose
/// message names no scope) could.
private func expectNoRuntimeAbort(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(!text.contains("freed pointer was not the last allocation"), sourceLocation: sourceLocation)
}
