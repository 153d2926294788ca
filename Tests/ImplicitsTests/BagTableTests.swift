import Dispatch
import Foundation
import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@_spi(Unsafe) @testable import Implicits

/// A bag restored on a thread a second time (and every time after) is not copied in: the
/// thread's context reads the bag's own table until the scope ends or something writes
/// (CSupport/README.md, *Bag restore*). Each test restores its bags several times, so
/// that the first round copies and later rounds take the table, and checks both agree.
@Suite struct BagTableTests {
  /// The invariants of the thread's context as it is (`expectInvariants` would first copy
  /// a restored bag in).
  func expectInvariantsAsIs(sourceLocation: SourceLocation = #_sourceLocation) {
    let violation = ims_check_invariants(ims_thread_current()).map { String(cString: $0) }
    #expect(violation == nil, sourceLocation: sourceLocation)
  }

  var readsABagsTable: Bool { ims_thread_current().pointee.swapped_table != nil }

  func makeBag() -> Implicits {
    withScope { _ in
      @Implicit var wallet = Wallet(balance: 10)
      @Implicit var logger = Logger("bag")
      return Implicits.captureAll()
    }
  }

  @Test func laterRestoresReadTheBagsTableAndHideOuterValues() {
    let rounds = onThread { () -> [String] in
      let bag = makeBag()
      var seen: [String] = []
      let outer = ImplicitScope()
      @Implicit(\.discount) var discount = 0.5
      for _ in 0..<3 {
        let scope = ImplicitScope(with: bag)
        expectInvariantsAsIs()
        seen.append([
          readsABagsTable ? "table" : "copied",
          "\(ImplicitScope.read(Wallet.self)?.balance ?? -1)",
          ImplicitScope.read(Logger.self)?.name ?? "none",
          ImplicitScope.read(\.discount).map { "\($0)" } ?? "hidden",
        ].joined(separator: " "))
        scope.end()
        expectInvariantsAsIs()
        seen.append("after: \(ImplicitScope.read(\.discount) ?? -1) \(ImplicitScope.read(Wallet.self) == nil)")
      }
      outer.end()
      seen.append(threadContextIsEmpty ? "empty" : "not empty")
      return seen
    }
    #expect(rounds == [
      "copied 10 bag hidden", "after: 0.5 true",
      "table 10 bag hidden", "after: 0.5 true",
      "table 10 bag hidden", "after: 0.5 true",
      "empty",
    ])
  }

  @Test func declaringInsideARestoredBagCopiesItInFirst() {
    let rounds = onThread { () -> [String] in
      let bag = makeBag()
      var seen: [String] = []
      for _ in 0..<3 {
        let scope = ImplicitScope(with: bag)
        let child = scope.nested()
        // A new key, then a key of the bag shadowed: both after the bag's values went in.
        @Implicit(\.discount) var discount = 0.25
        @Implicit var wallet = Wallet(balance: 99)
        expectInvariantsAsIs()
        seen.append(
          "\(readsABagsTable) \(ImplicitScope.read(\.discount) ?? -1) "
            + "\(ImplicitScope.read(Wallet.self)?.balance ?? -1) \(ImplicitScope.read(Logger.self)?.name ?? "none")")
        child.end()
        seen.append(
          "\(ImplicitScope.read(\.discount) == nil) \(ImplicitScope.read(Wallet.self)?.balance ?? -1)")
        scope.end()
      }
      seen.append(threadContextIsEmpty ? "empty" : "not empty")
      return seen
    }
    #expect(rounds == [
      "false 0.25 99 bag", "true 10",
      "false 0.25 99 bag", "true 10",
      "false 0.25 99 bag", "true 10",
      "empty",
    ])
  }

  @Test func nestedScopesWithoutDeclarationsKeepReadingTheTable() {
    let result = onThread { () -> [Bool] in
      let bag = makeBag()
      _ = withScope(with: bag) { _ in 0 }
      let scope = ImplicitScope(with: bag)
      let a = scope.nested()
      let b = a.nested()
      let reads = readsABagsTable && ImplicitScope.read(Wallet.self)?.balance == 10
      expectInvariantsAsIs()
      b.end()
      a.end()
      let still = readsABagsTable && ImplicitScope.read(Logger.self)?.name == "bag"
      scope.end()
      return [reads, still, !readsABagsTable, threadContextIsEmpty]
    }
    #expect(result == [true, true, true, true])
  }

  @Test func anEmptyBagOrAnotherBagInsideARestoredOneHidesIt() {
    let result = onThread { () -> [String] in
      let bag = makeBag()
      let other = withScope { _ in
        @Implicit(\.discount) var discount = 0.75
        return Implicits.captureAll()
      }
      var seen: [String] = []
      for _ in 0..<3 {
        let scope = ImplicitScope(with: bag)
        withScope(with: Implicits()) { _ in
          seen.append("empty: \(ImplicitScope.read(Wallet.self) == nil)")
        }
        withScope(with: other) { _ in
          expectInvariantsAsIs()
          seen.append(
            "other: \(ImplicitScope.read(Wallet.self) == nil) \(ImplicitScope.read(\.discount) ?? -1)")
        }
        expectInvariantsAsIs()
        seen.append("back: \(ImplicitScope.read(Wallet.self)?.balance ?? -1) \(ImplicitScope.read(\.discount) == nil)")
        scope.end()
      }
      seen.append(threadContextIsEmpty ? "empty" : "not empty")
      return seen
    }
    let round = ["empty: true", "other: true 0.75", "back: 10 true"]
    #expect(result == round + round + round + ["empty"])
  }

  @Test func capturesAndDumpsInsideARestoredBagSeeItsValues() {
    let result = onThread { () -> [String] in
      let bag = makeBag()
      var seen: [String] = []
      for _ in 0..<3 {
        let scope = ImplicitScope(with: bag)
        let keys = ImplicitScope.dumpCurrent().keys
        let all = Implicits.captureAll()
        let one = Implicits(unsafeKeys: Implicits.getRawKey(Logger.self), Implicits.getRawKey(\.discount))
        scope.end()
        seen.append("\(keys.count) \(all.count) \(one.keys)")
        // The captured bags outlive the scope and restore on their own.
        withScope(with: one) { _ in
          seen.append("\(ImplicitScope.read(Logger.self)?.name ?? "none") \(ImplicitScope.read(Wallet.self) == nil)")
        }
      }
      return seen
    }
    let round = ["2 2 [\"ImplicitsTests.Logger\"]", "bag true"]
    #expect(result == round + round + round)
  }

  @Test func threadsRestoringOneBagAtOnceShareItsTable() {
    let bag = makeBag()
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for round in 0..<2_000 {
        let scope = ImplicitScope(with: bag)
        if ImplicitScope.read(Wallet.self)?.balance != 10 || ImplicitScope.read(Logger.self)?.name != "bag" {
          failures.add("worker \(worker) round \(round)")
        }
        if round % 7 == 0 {
          @Implicit(\.discount) var discount = Double(worker)
          if ImplicitScope.read(\.discount) != Double(worker) { failures.add("declared \(worker)") }
        }
        scope.end()
      }
    }
    #expect(failures.list.isEmpty)
  }

  @Test(arguments: [1, 64, 65, 300])
  func bagsOfAnySizeReadTheSameThroughTheirTable(count: Int) {
    let ok = onThread { () -> Bool in
      let (keys, bag) = bagOfGeneratedKeys(count)
      var ok = true
      for round in 0..<3 {
        let scope = ImplicitScope(with: bag)
        ok = ok && (round == 0 || readsABagsTable)
        ok = ok && keys.enumerated().allSatisfy { read($1) == $0 }
        ok = ok && ims_check_invariants(ims_thread_current()) == nil
        if round == 2 {
          // Copied in by a declaration, the bag reads the same.
          @Implicit(\.discount) var discount = 1.5
          ok = ok && !readsABagsTable && keys.enumerated().allSatisfy { read($1) == $0 }
        }
        scope.end()
      }
      return ok && threadContextIsEmpty
    }
    #expect(ok)
  }

  @Test func aBagHoldingALazyDeclarationIsAlwaysCopied() {
    let result = onThread { () -> [String] in
      let runs = RunCount()
      let bag = withScope { _ in
        @Implicit var logger = Logger("bag")
        @Implicit(.lazy) var wallet = { runs.increment(); return Wallet(balance: 3) }()
        return Implicits.captureAll()
      }
      var seen: [String] = []
      for _ in 0..<3 {
        withScope(with: bag) { _ in
          seen.append("\(readsABagsTable) \(ImplicitScope.read(Wallet.self)?.balance ?? -1)")
        }
      }
      seen.append("runs \(runs.value)")
      return seen
    }
    #expect(result == ["false 3", "false 3", "false 3", "runs 1"])
  }
}

/// Failures collected from several threads.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var list: [String] { lock.withLock { items } }
}
