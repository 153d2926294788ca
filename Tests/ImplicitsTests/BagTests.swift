import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@_spi(Unsafe) @testable import Implicits

@Suite struct BagTests {
  @Test func aBagOutlivesTheScopeThatFilledIt() {
    weak var weakLogger: Logger?
    let bag = withScope { _ in
      let logger = Logger("kept")
      weakLogger = logger
      @Implicit var declared = logger
      @Implicit var wallet = Wallet(balance: 3)
      return Implicits.captureAll()
    }
    #expect(weakLogger != nil)  // the bag holds it
    #expect(bag.count == 2)
    withScope(with: bag) { _ in
      @Implicit var logger: Logger
      @Implicit var wallet: Wallet
      #expect(logger.name == "kept")
      #expect(wallet.balance == 3)
    }
    _ = consume bag
    #expect(weakLogger == nil)
  }

  @Test func restoringABagHidesEverythingElseUntilEnd() {
    withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      @Implicit var logger = Logger("outer")
      let bag = Implicits(unsafeKeys: Implicits.getRawKey(Logger.self))
      let restored = ImplicitScope(with: bag)
      #expect(ImplicitScope.read(Wallet.self) == nil)
      #expect(ImplicitScope.read(Logger.self)?.name == "outer")
      @Implicit var inner = Wallet(balance: 2)
      #expect(ImplicitScope.read(Wallet.self)?.balance == 2)
      restored.end()
      #expect(ImplicitScope.read(Wallet.self)?.balance == 1)
    }
  }

  @Test func absentKeysAreLeftOutSilently() {
    withScope { _ in
      @Implicit(\.discount) var discount = 0.1
      let bag = Implicits(
        unsafeKeys: Implicits.getRawKey(\.discount), Implicits.getRawKey(Wallet.self),
        Implicits.getRawKey(\.discount))
      #expect(bag.count == 1)
      #expect(bag.keys == ["discount"])
    }
  }

  @Test func anEmptyBagHidesEverything() {
    withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      withScope(with: Implicits()) { _ in
        #expect(ImplicitScope.read(Wallet.self) == nil)
      }
    }
  }

  @Test func closuresCarryTheirBagAcrossThreads() {
    let work: @Sendable () -> Int = withScope { _ in
      @Implicit var wallet = Wallet(balance: 77)
      return { [bag = Implicits.captureAll()] in
        withScope(with: bag) { _ in
          @Implicit var wallet: Wallet
          return wallet.balance
        }
      }
    }
    #expect(onThread(work) == 77)
    #expect(work() == 77)
  }

  @Test func bagsRestoreOnThreadsAndNestInsideEachOther() {
    let value = onThread {
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 5)
      @Implicit var logger = Logger("t")
      let bag = Implicits.captureAll()
      let restored = ImplicitScope(with: Implicits(unsafeKeys: Implicits.getRawKey(Wallet.self)))
      expectInvariants()
      let hidden = ImplicitScope.read(Logger.self) == nil
      let inner = ImplicitScope(with: bag)
      let visibleAgain = ImplicitScope.read(Logger.self)?.name == "t"
      inner.end()
      restored.end()
      scope.end()
      return hidden && visibleAgain
    }
    #expect(value)
  }

  /// Restored once before, the bag's scope reads the bag's own table (BagTableTests): the
  /// frame holds the bag, and with it the table, either way.
  @Test(arguments: [0, 1])
  func aRestoredBagKeepsItsValuesUntilTheScopeEndsEvenWhenTheBagIsDropped(restoresBefore: Int) {
    let released = onThread { () -> (duringScope: Bool, afterEnd: Bool) in
      weak var weakLogger: Logger?
      var bag: Implicits? = withScope { _ in
        let logger = Logger("held")
        weakLogger = logger
        @Implicit var declared = logger
        return Implicits.captureAll()
      }
      for _ in 0..<restoresBefore { ImplicitScope(with: bag).end() }
      let scope = ImplicitScope(with: bag)
      bag = nil  // the scope's frame holds the bag's storage now
      let readsTable = ims_thread_current().pointee.swapped_table != nil
      let alive = readsTable == (restoresBefore > 0) && weakLogger != nil
        && ImplicitScope.read(Logger.self)?.name == "held"
      scope.end()
      return (alive, weakLogger == nil)
    }
    #expect(released.duringScope)
    #expect(released.afterEnd)
  }

  @Test func redeclaringARestoredKeyReplacesItUntilTheScopeEnds() {
    let result = onThread { () -> [String?] in
      let bag = withScope { _ in
        @Implicit var logger = Logger("from bag")
        return Implicits.captureAll()
      }
      var names: [String?] = []
      withScope(with: bag) { _ in
        @Implicit var logger = Logger("replaced")
        names.append(ImplicitScope.read(Logger.self)?.name)
        expectInvariants()
      }
      withScope(with: bag) { _ in names.append(ImplicitScope.read(Logger.self)?.name) }
      return names
    }
    #expect(result == ["replaced", "from bag"])
  }

  @Test func aRestoredKeyRedeclaredTwiceInTheBagsFrameIsReleasedAndTheBagKeepsItsValue() {
    let result = onThread { () -> [String] in
      let bag = withScope { _ in
        @Implicit var logger = Logger("from bag")
        @Implicit var wallet = Wallet(balance: 7)
        return Implicits.captureAll()
      }
      var events: [String] = []
      weak var first: Logger?
      weak var second: Logger?
      // Outside any scope, as a callback restores it: the bag goes into an empty context.
      let scope = ImplicitScope(with: bag)
      for name in ["first", "second"] {
        let logger = Logger(name)
        if first == nil { first = logger } else { second = logger }
        @Implicit var declared = logger
        events.append(ImplicitScope.read(Logger.self)?.name ?? "none")
      }
      expectInvariants()
      events.append(first == nil ? "first released" : "first alive")
      events.append(second == nil ? "second released" : "second alive")
      scope.end()
      events.append(second == nil ? "second released" : "second alive")
      withScope(with: bag) { _ in
        events.append(ImplicitScope.read(Logger.self)?.name ?? "none")
        events.append("\(ImplicitScope.read(Wallet.self)?.balance ?? 0)")
      }
      events.append(threadContextIsEmpty ? "empty" : "not empty")
      return events
    }
    #expect(result == [
      "first", "second", "first released", "second alive", "second released", "from bag", "7", "empty",
    ])
  }

  @Test(arguments: [1, 5, 50, 300])
  func bagsOfManyValuesRestoreAndCaptureExactly(count: Int) {
    let ok = onThread { () -> Bool in
      let (keys, bag) = bagOfGeneratedKeys(count)
      guard bag.count == count else { return false }
      let scope = ImplicitScope(with: bag)
      let invariants = ims_check_invariants(ims_thread_context()) == nil
      let allFound = keys.enumerated().allSatisfy { read($1) == $0 }
      // Capture from the restored (borrowing) frame: the new bag owns its values.
      let again = Implicits(unsafeKeys: keys.reversed().map { ImplicitKeyIdentifier(_Payload.typeIdentity($0)) })
      scope.end()
      let restoredAgain = withScope(with: again) { _ in keys.enumerated().allSatisfy { read($1) == $0 } }
      return invariants && allFound && again.count == count && restoredAgain && threadContextIsEmpty
    }
    #expect(ok)
  }
}
