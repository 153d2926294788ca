import Testing

@testable import Implicits

/// Child tasks and their parent's scopes: a child nests on any scope of its parent, sees
/// what was visible when it was created, and nothing it declares reaches its parent or
/// its siblings.
@Suite struct ChildTaskScopeTests {
  @Test func anAsyncLetChildNestsOnItsParentsScopeAndItsValuesStayItsOwn() async {
    await withScope { scope in
      @Implicit var wallet = Wallet(balance: 1)
      let declared = Event()
      let checked = Event()
      async let child: Int? = {
        let inner = scope.nested()
        defer { inner.end() }
        @Implicit var mine = Wallet(balance: 2)
        await declared.signal()
        await checked.wait()
        return readBalance()
      }()
      await declared.wait()
      #expect(readBalance() == 1)
      await checked.signal()
      #expect(await child == 2)
      #expect(readBalance() == 1)
    }
  }

  /// An `async let` stays attached to its parent until its block ends; once awaited it
  /// no longer reads, so ending the scope it started in is allowed.
  @Test func endingAScopeAfterItsAsyncLetWasAwaitedInTheSameBlockIsAllowed() async {
    let scope = ImplicitScope()
    @Implicit var wallet = Wallet(balance: 4)
    async let child: Int? = readBalance()
    #expect(await child == 4)
    scope.end()
    #expect(readBalance() == nil)
  }

  /// `defer { scope.end() }` written before an `async let` runs after Swift awaited it at
  /// the end of the block: the child never outlives the scope.
  @Test func deferEndingAScopeWithAnUnawaitedAsyncLetIsAllowed() async {
    func body() async {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var wallet = Wallet(balance: 5)
      async let _ = readBalance()  // never awaited: Swift awaits it when the function returns
    }
    await body()
    #expect(readBalance() == nil)
  }

  /// An unawaited `async let` started before a scope cannot see it: the scope may end.
  @Test func endingAScopeOpenedAfterAnUnawaitedAsyncLetIsAllowed() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 6)
      let release = Event()
      async let child: Int? = {
        await release.wait()
        return readBalance()
      }()
      let inner = ImplicitScope()
      @Implicit var mine = Wallet(balance: 7)
      #expect(readBalance() == 7)
      inner.end()
      await release.signal()
      #expect(await child == 6)
    }
  }

  @Test func groupChildrenNestOnTheParentsScopeEachWithItsOwnValues() async {
    await withScope { scope in
      @Implicit var wallet = Wallet(balance: -1)
      let seen = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<8 {
          group.addTask {
            var allOwn = true
            for round in 0..<50 {
              withScope(nesting: scope) { _ in
                @Implicit var mine = Wallet(balance: index * 1_000 + round)
                allOwn = allOwn && readBalance() == index * 1_000 + round
              }
              let inner = scope.nested()
              @Implicit var again = Wallet(balance: index)
              await Task.yield()
              allOwn = allOwn && readBalance() == index
              inner.end()
              allOwn = allOwn && readBalance() == -1
            }
            return allOwn
          }
        }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(seen == Array(repeating: true, count: 8))
      #expect(readBalance() == -1)
    }
  }

  @Test func aChildOpensRootScopesOverWhatItInherited() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 3)
      async let fromChild: [String] = {
        let root = ImplicitScope()
        defer { root.end() }
        @Implicit var logger = Logger("child")
        return await withScope { _ in
          await Task.yield()
          return ImplicitScope.dumpCurrent().keys
        }
      }()
      #expect(await fromChild == ["ImplicitsTests.Logger", "ImplicitsTests.Wallet"])
      #expect(ImplicitScope.read(Logger.self) == nil)
    }
  }

  @Test func aTaskNestsOnItsParentsScopeAfterThatScopeEnded() async {
    let (scope, child) = withScope { scope -> (ImplicitScope, Task<Int?, Never>) in
      @Implicit var wallet = Wallet(balance: 8)
      let started = Task { () -> Int? in
        try? await Task.sleep(nanoseconds: 2_000_000)
        return withScope(nesting: scope) { _ in readBalance() }
      }
      return (scope, started)
    }
    _ = scope
    #expect(await child.value == 8)
  }

  /// The documented choice: `Task {}` copies the parent's innermost frame when created,
  /// so a later declaration into that frame is not visible to it.
  @Test func aTaskDoesNotSeeALaterDeclarationIntoItsParentsFrame() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      let go = Event()
      let child = Task { () -> (Int?, String?) in
        await go.wait()
        return (readBalance(), ImplicitScope.read(Logger.self)?.name)
      }
      @Implicit var later = Logger("later")
      await go.signal()
      let (balance, logger) = await child.value
      #expect(balance == 1)
      #expect(logger == nil)
    }
  }

  /// The documented choice: `async let` and task-group children share the parent's frame
  /// (the runtime links them to it instead of copying), so a declaration made into that
  /// same frame after they started becomes visible to them. A frame opened later is not.
  @Test func anAsyncLetChildSeesALaterDeclarationIntoTheSameFrameOnly() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var wallet = Wallet(balance: 1)
    let go = Event()
    async let child: (String?, Double?) = {
      await go.wait()
      return (ImplicitScope.read(Logger.self)?.name, ImplicitScope.read(\.discount))
    }()
    @Implicit var later = Logger("same frame")
    let inner = scope.nested()
    @Implicit(\.discount) var discount = 0.5
    await go.signal()
    let (logger, seenDiscount) = await child
    #expect(logger == "same frame")
    #expect(seenDiscount == nil)
    inner.end()
  }

  @Test func aChildCannotDeclareIntoItsParentsScope() async {
    await withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      async let childKeys: [String] = {
        withScope { _ in
          @Implicit var mine = Logger("child")
          return ImplicitScope.dumpCurrent().keys
        }
      }()
      #expect(await childKeys.count == 2)
      #expect(ImplicitScope.dumpCurrent().keys == ["ImplicitsTests.Wallet"])
    }
  }

  @Test func valuesLiveUntilTheLastFrameOrChildHoldingThemEnds() async {
    weak var weakLogger: Logger?
    let go = Event()
    let child: Task<String?, Never> = withScope { _ in
      let logger = Logger("held")
      weakLogger = logger
      @Implicit var declared = logger
      return Task {
        await go.wait()
        return ImplicitScope.read(Logger.self)?.name
      }
    }
    #expect(weakLogger != nil)
    await go.signal()
    #expect(await child.value == "held")
    // The task's copy is gone with the task.
    for _ in 0..<100 where weakLogger != nil { try? await Task.sleep(nanoseconds: 1_000_000) }
    #expect(weakLogger == nil)
  }

  @Test func manyValuesInOneTaskFrameAndAcrossFramesStayReadable() async {
    await withScope { scope in
      @Implicit var wallet = Wallet(balance: 0)
      var frames: [ImplicitScope] = []
      for index in 0..<40 {
        frames.append(index == 0 ? scope.nested() : frames[index - 1].nested())
        @Implicit var logger = Logger("\(index)")
        @Implicit(\.discount) var discount = Double(index)
        @Implicit var setting = Settings(darkMode: index % 2 == 0, locale: "\(index)")
        @Implicit(\.userName) var user = "u\(index)"
        @Implicit(\.darkMode) var dark = index % 3 == 0
      }
      async let child = (ImplicitScope.read(Logger.self)?.name, ImplicitScope.dumpCurrent().count)
      let (name, count) = await child
      #expect(name == "39" && count == 6)
      #expect(ImplicitScope.read(\.userName) == "u39")
      for frame in frames.reversed() { frame.end() }
      #expect(ImplicitScope.dumpCurrent().keys == ["ImplicitsTests.Wallet"])
    }
  }
}

extension ChildTaskScopeTests {
  /// A lazy declaration in a task frame owns its cell: a `Task {}` copy keeps it, and the
  /// value is released with the last holder.
  @Test func aLazyDeclarationInATaskIsForcedOnceAndReleasedWithItsLastHolder() async {
    let released = WeakReference<Logger>()
    let runs = RunCount()
    let child: Task<String?, Never> = withScope { _ in
      @Implicit(.lazy) var logger = { () -> Logger in
        runs.increment()
        let logger = Logger("lazy")
        released.value = logger
        return logger
      }()
      return Task { ImplicitScope.read(Logger.self)?.name }
    }
    #expect(await child.value == "lazy")
    #expect(runs.value == 1)
    for _ in 0..<1_000 where released.value != nil { try? await Task.sleep(nanoseconds: 1_000_000) }
    #expect(released.value == nil)
  }
}
