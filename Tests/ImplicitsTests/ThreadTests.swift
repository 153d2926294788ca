import Foundation
import Testing

@testable import Implicits

@Suite struct ThreadTests {
  @Test func threadsNeverSeeEachOthersValues() {
    let threads = 12
    let rounds = 2_000
    let failures = ResultBox<Int>()
    failures.value = 0
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      // concurrentPerform may run an iteration on the calling thread, which is inside a
      // task; run each iteration on its own thread so every one takes the thread path.
      let mismatches = onThread { () -> Int in
        let me = Int.random(in: 0..<1_000_000)
        var bad = 0
        let scope = ImplicitScope()
        @Implicit var wallet = Wallet(balance: me)
        for round in 0..<rounds {
          let inner = scope.nested()
          @Implicit var count = round
          if ImplicitScope.read(Wallet.self)?.balance != me { bad += 1 }
          if ImplicitScope.read(Int.self) != round { bad += 1 }
          inner.end()
        }
        scope.end()
        if !threadContextIsEmpty { bad += 1 }
        return bad
      }
      lock.lock()
      failures.value! += mismatches
      lock.unlock()
    }
    #expect(failures.value == 0)
  }

  @Test func aNewThreadStartsEmpty() {
    withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      #expect(onThread { ImplicitScope.read(Wallet.self) == nil })
    }
  }
}
