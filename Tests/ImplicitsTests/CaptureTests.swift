import ImplicitsCSupport
import Testing

@_spi(Unsafe) @testable import Implicits

/// Too large for a payload word: stored boxed.
private struct Receipt {
  let owner: Counted
  let lines: [String]
  let total: Int
}

private func key<T>(_: T.Type) -> ImplicitKeyIdentifier { Implicits.getRawKey(T.self) }

/// What `#implicits` generates: a capture by identifier (`Implicits(unsafeKeys:)`).
@Suite struct CaptureTests {
  @Test func aCapturedValueOutlivesItsScopeAndTheBagReleasesItOnce() {
    let deinits = RunCount()
    let counts = onThread { () -> [Int] in
      var bag: Implicits? = withScope { _ in
        @Implicit var counted = Counted("kept", deinits: deinits)
        return Implicits(unsafeKeys: key(Counted.self))
      }
      let afterScope = deinits.value
      let name = withScope(with: bag!) { _ in ImplicitScope.read(Counted.self)?.name }
      let afterRestore = deinits.value
      bag = nil
      return [afterScope, afterRestore, name == "kept" ? 1 : 0, deinits.value]
    }
    #expect(counts == [0, 0, 1, 1])
  }

  @Test func aKeyGivenTwiceIsCapturedOnceAndReleasedOnce() {
    let deinits = RunCount()
    let result = onThread { () -> (count: Int, keys: [String], deinits: Int) in
      var bag: Implicits? = withScope { _ in
        @Implicit var counted = Counted("once", deinits: deinits)
        @Implicit var wallet = Wallet(balance: 4)
        return Implicits(
          unsafeKeys: key(Counted.self), key(Counted.self), key(Wallet.self), key(Counted.self))
      }
      let count = bag!.count
      let keys = bag!.keys
      bag = nil
      return (count, keys, deinits.value)
    }
    #expect(result.count == 2)
    #expect(result.keys.count == 2)
    #expect(result.deinits == 1)
  }

  @Test func duplicatesAreStillCaughtWhenTheCaptureEpochWrapsAround() {
    let counts = onThread { () -> [Int] in
      withScope { _ in
        @Implicit var wallet = Wallet(balance: 2)
        @Implicit var logger = Logger("epoch")
        // The next capture's epoch wraps to 0: the marks are cleared and counting restarts.
        ims_thread_context()!.pointee.capture_epoch = UInt32.max - 1
        return (0..<3).map { _ in
          Implicits(unsafeKeys: key(Wallet.self), key(Logger.self), key(Wallet.self), key(Logger.self)).count
        }
      }
    }
    #expect(counts == [2, 2, 2])
  }

  @Test func boxedWordAndObjectValuesComeBackIntactAfterTheirScopeEnded() {
    let deinits = RunCount()
    let result = onThread { () -> (restored: Bool, aliveWithBag: Bool, deinits: Int) in
      var bag: Implicits? = withScope { _ in
        @Implicit var receipt = Receipt(
          owner: Counted("boxed", deinits: deinits), lines: ["tea", "cake"], total: 12)
        @Implicit var wallet = Wallet(balance: 9)
        @Implicit(\.discount) var discount = 0.5
        @Implicit var counted = Counted("object", deinits: deinits)
        return Implicits(
          unsafeKeys: key(Receipt.self), key(Wallet.self), Implicits.getRawKey(\.discount),
          key(Counted.self))
      }
      let restored = withScope(with: bag!) { _ in
        let receipt = ImplicitScope.read(Receipt.self)
        return receipt?.owner.name == "boxed" && receipt?.lines == ["tea", "cake"]
          && receipt?.total == 12 && ImplicitScope.read(Wallet.self)?.balance == 9
          && ImplicitScope.read(\.discount) == 0.5 && ImplicitScope.read(Counted.self)?.name == "object"
      }
      let aliveWithBag = deinits.value == 0
      bag = nil
      return (restored, aliveWithBag, deinits.value)
    }
    #expect(result.restored)
    #expect(result.aliveWithBag)
    // The box's value and the object: each released once, with the bag.
    #expect(result.deinits == 2)
  }

  @Test func aCaptureInsideARestoredBagOwnsItsValues() {
    let deinits = RunCount()
    let counts = onThread { () -> [Int] in
      var outer: Implicits? = withScope { _ in
        @Implicit var counted = Counted("shared", deinits: deinits)
        return Implicits(unsafeKeys: key(Counted.self))
      }
      // The restored frame's records borrow their payloads from `outer`.
      var inner: Implicits? = withScope(with: outer!) { _ in Implicits(unsafeKeys: key(Counted.self)) }
      outer = nil
      let afterOuter = deinits.value
      let name = withScope(with: inner!) { _ in ImplicitScope.read(Counted.self)?.name }
      inner = nil
      return [afterOuter, name == "shared" ? 1 : 0, deinits.value]
    }
    #expect(counts == [0, 1, 1])
  }

  @Test func aLazyDeclarationIsCapturedUnevaluatedAndRunsOnceForEveryone() {
    let runs = RunCount()
    let deinits = RunCount()
    let result = onThread { () -> (beforeRestore: Int, sameInstance: Bool, runs: Int, deinits: [Int]) in
      var unread: Implicits?
      var read: Implicits?
      var fromScope: Counted?
      withScope { _ in
        @Implicit(.lazy) var counted = { runs.increment(); return Counted("lazy", deinits: deinits) }()
        unread = Implicits(unsafeKeys: key(Counted.self))
        fromScope = ImplicitScope.read(Counted.self)
        // Resolved in the slot now: the bag still holds the declaration.
        read = Implicits(unsafeKeys: key(Counted.self))
      }
      let beforeRestore = runs.value
      let fromUnread = withScope(with: unread!) { _ in ImplicitScope.read(Counted.self) }
      let fromRead = withScope(with: read!) { _ in ImplicitScope.read(Counted.self) }
      let sameInstance = fromScope === fromUnread && fromUnread === fromRead
      fromScope = nil
      _ = consume fromUnread
      _ = consume fromRead
      unread = nil
      let afterOne = deinits.value
      read = nil
      return (beforeRestore, sameInstance, runs.value, [afterOne, deinits.value])
    }
    #expect(result.beforeRestore == 1)
    #expect(result.sameInstance)
    #expect(result.runs == 1)
    #expect(result.deinits == [0, 1])
  }

  @Test func anUnreadLazyDeclarationInADroppedBagNeverRuns() {
    let runs = RunCount()
    let count = onThread { () -> Int in
      var bag: Implicits? = withScope { _ in
        @Implicit(.lazy) var wallet = { runs.increment(); return Wallet(balance: 1) }()
        return Implicits(unsafeKeys: key(Wallet.self))
      }
      let count = bag!.count
      bag = nil
      return count
    }
    #expect(count == 1)
    #expect(runs.value == 0)
  }

  @Test func bindingsHiddenByARestoredBagAreNotCaptured() {
    let counts = onThread { () -> [Int] in
      withScope { _ in
        @Implicit var wallet = Wallet(balance: 1)
        let hidden = withScope(with: Implicits()) { _ in Implicits(unsafeKeys: key(Wallet.self)).count }
        let visible = Implicits(unsafeKeys: key(Wallet.self)).count
        return [hidden, visible]
      }
    }
    #expect(counts == [0, 1])
  }

  @Test func aCaptureOutsideAnyScopeIsEmpty() {
    let count = onThread { Implicits(unsafeKeys: key(Wallet.self), key(Logger.self)).count }
    #expect(count == 0)
  }

  @Test func aThreadMarkedForTasksStillCapturesItsOwnScopes() {
    let result = onThread { () -> (count: Int, balance: Int?) in
      withScope { _ in
        @Implicit var wallet = Wallet(balance: 6)
        // As if task code of the library had run on this thread: every operation asks for
        // the current task first, and there is none.
        ims_mark_runs_tasks()
        let bag = Implicits(unsafeKeys: key(Wallet.self), key(Wallet.self))
        return (bag.count, withScope(with: bag) { _ in ImplicitScope.read(Wallet.self)?.balance })
      }
    }
    #expect(result.count == 1)
    #expect(result.balance == 6)
  }

  @Test func aBagRestoredInATaskAndTwiceOnAThreadReleasesItsValueOnceWhenItDies() async {
    let deinits = RunCount()
    var bag: Implicits? = onThread {
      withScope { _ in
        @Implicit var counted = Counted("restored", deinits: deinits)
        return Implicits(unsafeKeys: key(Counted.self))
      }
    }
    let captured = bag!
    // A task map, then the bag's own table on a thread (built by its second restore).
    let inTask = await Task { withScope(with: captured) { _ in ImplicitScope.read(Counted.self)?.name } }.value
    let onThreadTwice = onThread {
      (0..<2).map { _ in withScope(with: captured) { _ in ImplicitScope.read(Counted.self)?.name } }
    }
    _ = consume captured
    let beforeDrop = deinits.value
    bag = nil
    // The finished task's closure (its copy of the bag) is released by the runtime after
    // `value` returns, on whichever thread: wait for it.
    for _ in 0..<200 where deinits.value == 0 { try? await Task.sleep(nanoseconds: 10_000_000) }
    #expect(inTask == "restored")
    #expect(onThreadTwice == ["restored", "restored"])
    #expect(beforeDrop == 0)
    #expect(deinits.value == 1)
  }

  @Test func aCaptureInATaskTakesTheTasksValues() async {
    let bag = await Task {
      withScope { _ in
        @Implicit var wallet = Wallet(balance: 8)
        return Implicits(unsafeKeys: key(Wallet.self), key(Wallet.self), key(Logger.self))
      }
    }.value
    #expect(bag.count == 1)
    let balance = onThread { withScope(with: bag) { _ in ImplicitScope.read(Wallet.self)?.balance } }
    #expect(balance == 8)
  }
}
