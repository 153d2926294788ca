import Testing

@testable import Implicits

actor Counter {
  var total = 0
  func add(_ scope: ImplicitScope) {
    @Implicit var wallet: Wallet
    total += wallet.balance
  }
}

@Sendable func readBalance() -> Int? { ImplicitScope.read(Wallet.self)?.balance }

@Suite struct AsyncTests {
  @Test func valuesSurviveAwaitWhicheverThreadResumes() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 11)
      for _ in 0..<50 {
        await Task.yield()
        try? await Task.sleep(nanoseconds: 10_000)
        #expect(readBalance() == 11)
      }
    }
    #expect(readBalance() == nil)
  }

  @Test func asyncLetAndTaskGroupChildrenSeeTheParentsValues() async {
    // `defer` keeps the scope's task-local binding nested around the `async let`, as
    // Swift's task allocator requires.
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var wallet = Wallet(balance: 21)
    async let child = readBalance()
    #expect(await child == 21)
    let sums = await withTaskGroup(of: Int?.self) { group in
      for _ in 0..<8 { group.addTask { readBalance() } }
      return await group.reduce(into: [Int?]()) { $0.append($1) }
    }
    #expect(sums == Array(repeating: 21, count: 8))
  }

  @Test func childDeclarationsNeverLeakToParentOrSiblings() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<8 {
          group.addTask {
            await withScope { _ in
              @Implicit var mine = Wallet(balance: 100 + index)
              await Task.yield()
              #expect(readBalance() == 100 + index)
            }
            #expect(readBalance() == 1)
          }
        }
      }
      #expect(readBalance() == 1)
    }
  }

  @Test func childrenSeeTheValuesAtCreationNotLaterOnes() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var wallet = Wallet(balance: 1)
    let child = Task { () -> Int? in
      try? await Task.sleep(nanoseconds: 2_000_000)
      return readBalance()
    }
    let inner = scope.nested()
    @Implicit var later = Wallet(balance: 2)
    #expect(readBalance() == 2)
    #expect(await child.value == 1)
    inner.end()
  }

  @Test func unstructuredTasksKeepValuesAfterTheParentScopeEnds() async {
    weak var weakLogger: Logger?
    let child: Task<String?, Never> = withScope { _ in
      let logger = Logger("task")
      weakLogger = logger
      @Implicit var declared = logger
      return Task {
        try? await Task.sleep(nanoseconds: 2_000_000)
        return ImplicitScope.read(Logger.self)?.name
      }
    }
    #expect(await child.value == "task")
    #expect(weakLogger == nil)
  }

  @Test func detachedTasksStartEmpty() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 5)
      let detached = await Task.detached { readBalance() }.value
      #expect(detached == nil)
    }
  }

  @Test func actorsReadTheCallersValuesThroughTheScope() async {
    let counter = Counter()
    await withScope { scope in
      @Implicit var wallet = Wallet(balance: 4)
      await counter.add(scope)
      await counter.add(scope)
    }
    #expect(await counter.total == 8)
  }

  @Test func groupChildrenSeeScopesOpenedInsideTheGroupBody() async {
    let balances = await withTaskGroup(of: Int?.self) { group in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var wallet = Wallet(balance: 12)
      for _ in 0..<4 {
        group.addTask {
          try? await Task.sleep(nanoseconds: 1_000_000)
          return readBalance()
        }
      }
      return await group.reduce(into: [Int?]()) { $0.append($1) }
    }
    #expect(balances == [12, 12, 12, 12])
  }

  @Test func syncCodeCalledFromATaskSeesTheTasksValues() async {
    @Sendable func leaf(_: ImplicitScope) -> Int {
      @Implicit var wallet: Wallet
      return wallet.balance
    }
    let value = await withScope { scope in
      @Implicit var wallet = Wallet(balance: 31)
      await Task.yield()
      return leaf(scope)
    }
    #expect(value == 31)
  }

  @Test func aChildThatOpensScopesBuildsOnItsInheritedValues() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 3)
      @Implicit(\.discount) var discount = 0.5
      await Task {
        await withScope { scope async in
          @Implicit var mine = Logger("child")
          let inner = scope.nested()
          @Implicit(\.discount) var shadow = 0.9
          #expect(ImplicitScope.read(\.discount) == 0.9)
          #expect(readBalance() == 3)
          inner.end()
          #expect(ImplicitScope.read(\.discount) == 0.5)
          #expect(ImplicitScope.dumpCurrent().keys.count == 3)
        }
      }.value
      #expect(ImplicitScope.read(Logger.self) == nil)
    }
  }

  @Test func bagsRestoreInsideTasks() async {
    let bag = withScope { _ in
      @Implicit var wallet = Wallet(balance: 6)
      return Implicits.captureAll()
    }
    await withScope { _ in
      @Implicit var logger = Logger("hidden")
      await withScope(with: bag) { _ in
        await Task.yield()
        #expect(readBalance() == 6)
        #expect(ImplicitScope.read(Logger.self) == nil)
        let fromChild = await Task { ImplicitScope.read(Logger.self) == nil && readBalance() == 6 }.value
        #expect(fromChild)
      }
      #expect(ImplicitScope.read(Logger.self)?.name == "hidden")
    }
  }
}
