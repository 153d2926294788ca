import Testing

@testable import Implicits

/// Many tasks at once on the task path; run under ThreadSanitizer and AddressSanitizer in
/// CI. Each test also checks that values are released once the last frame or child task
/// holding them is gone.
/// A weak reference that tasks can share.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var value: Object?
}

@Suite struct AsyncStressTests {
  /// Waits (bounded) until `condition` holds: releasing a finished task's copy of a frame
  /// happens on the task's thread, shortly after its value was delivered.
  /// Polls for up to about a minute: a release that happens on another thread can take
  /// seconds on a loaded CI machine, and a passing check returns at once.
  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<60_000 {
      if condition() { return true }
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
  }

  @Test func eightGroupChildrenNestFiveThousandTimesEachOnTheParentsScope() async {
    weak var weakParentValue: Logger?
    let rounds = 5_000
    let failures = await withScope { scope -> Int in
      let parentValue = Logger("parent")
      weakParentValue = parentValue
      @Implicit var logger = parentValue
      @Implicit var wallet = Wallet(balance: -1)
      return await withTaskGroup(of: Int.self) { group in
        for child in 0..<8 {
          group.addTask {
            var failures = 0
            for round in 0..<rounds {
              let inner = scope.nested()
              @Implicit var mine = Wallet(balance: child * rounds + round)
              await Task.yield()
              if readBalance() != child * rounds + round { failures += 1 }
              if ImplicitScope.read(Logger.self) !== parentValue { failures += 1 }
              inner.end()
              if readBalance() != -1 { failures += 1 }
            }
            return failures
          }
        }
        return await group.reduce(0, +)
      }
    }
    #expect(failures == 0)
    #expect(weakParentValue == nil)
  }

  @Test func cancellationInTheMiddleOfAScopeEndsItAndReleasesItsValues() async {
    let weakLogger = WeakReference<Logger>()
    let started = Event()
    let child = Task { () -> Bool in
      await withScope { _ in
        let logger = Logger("cancelled")
        weakLogger.value = logger
        @Implicit var declared = logger
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var wallet = Wallet(balance: 9)
        await started.signal()
        do {
          // Only cancellation ends this wait: a fixed sleep can run out first on a
          // loaded machine, and then the test checks nothing.
          while true { try await Task.sleep(nanoseconds: 1_000_000_000) }
        } catch {
          // Still inside both scopes: the values are there while the task unwinds.
          return readBalance() == 9 && ImplicitScope.read(Logger.self) === logger
        }
      }
    }
    await started.wait()
    child.cancel()
    #expect(await child.value)
    #expect(await eventually { weakLogger.value == nil })
  }

  @Test func aThousandShortLivedTasksInheritARestoredBag() async {
    weak var weakLogger: Logger?
    let bag = withScope { _ -> Implicits in
      let logger = Logger("bag")
      weakLogger = logger
      @Implicit var declared = logger
      @Implicit var wallet = Wallet(balance: 12)
      @Implicit(\.discount) var discount = 0.25
      return Implicits.captureAll()
    }
    let seen = await withScope(with: bag) { _ -> Int in
      var tasks: [Task<Bool, Never>] = []
      for index in 0..<1_000 {
        tasks.append(
          Task {
            if index % 3 == 0 { await Task.yield() }
            return readBalance() == 12 && ImplicitScope.read(\.discount) == 0.25
              && ImplicitScope.read(Logger.self)?.name == "bag"
          })
      }
      var seen = 0
      for task in tasks where await task.value { seen += 1 }
      return seen
    }
    #expect(seen == 1_000)
    #expect(weakLogger != nil)  // the bag still holds it
    _ = consume bag
    #expect(await eventually { weakLogger == nil })
  }
}

extension AsyncStressTests {
  /// An `async let` child reads its parent's frame in place; a `Task {}` it creates copies
  /// that frame while the parent keeps declaring into it (and replacing its maps).
  @Test func tasksCreatedByAChildCopyAFrameItsParentIsStillFilling() async {
    await withScope { scope in
      @Implicit var wallet = Wallet(balance: 1)
      async let copies: Int = {
        var seen = 0
        for _ in 0..<200 {
          if await Task(operation: { readBalance() }).value == 1 { seen += 1 }
        }
        return seen
      }()
      for index in 0..<200 {
        // Inline slots, then overflow maps; each nested scope seals (and caches) the frame.
        @Implicit(\.discount) var discount = Double(index)
        withScope(nesting: scope) { _ in }
        await Task.yield()
      }
      #expect(await copies == 200)
    }
  }
}

extension AsyncStressTests {
  /// Every re-declaration past a frame's inline slots replaces its overflow map and keeps
  /// the old one until the frame ends: ending it releases a long chain without recursing.
  @Test func aFrameReDeclaringOneKeyFiftyThousandTimesEnds() async {
    let last = await withScope { _ async -> Int? in
      for balance in 0..<50_000 {
        @Implicit var wallet = Wallet(balance: balance)
      }
      return readBalance()
    }
    #expect(last == 49_999)
    #expect(readBalance() == nil)
  }
}
