import Testing

@testable import Implicits

/// Scope semantics, exercised on both paths: a plain thread and a task.
@Suite struct ScopeTests {
  enum Path: String, CaseIterable, Sendable { case thread, task }

  func run(_ path: Path, _ body: @escaping @Sendable () -> Void) {
    switch path {
    case .thread: onThread(body)
    case .task: body()  // Swift Testing runs test bodies inside tasks.
    }
  }

  @Test(arguments: Path.allCases)
  func readsWhatAnEnclosingScopeDeclared(path: Path) {
    run(path) {
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 500)
      @Implicit(\.discount) var discount = 0.1
      expectInvariants()
      pay(scope)
      scope.end()
      expectInvariants()
    }
    @Sendable func pay(_: ImplicitScope) {
      @Implicit var wallet: Wallet
      @Implicit(\.discount) var discount: Double
      #expect(wallet.balance == 500)
      #expect(discount == 0.1)
    }
  }

  @Test(arguments: Path.allCases)
  func innerDeclarationsShadowAndEndRestores(path: Path) {
    run(path) {
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 1)
      let inner = scope.nested()
      @Implicit var shadow = Wallet(balance: 2)
      #expect(ImplicitScope.read(Wallet.self)?.balance == 2)
      inner.end()
      expectInvariants()
      #expect(ImplicitScope.read(Wallet.self)?.balance == 1)
      scope.end()
      #expect(ImplicitScope.read(Wallet.self) == nil)
    }
  }

  @Test(arguments: Path.allCases)
  func redeclaringInTheSameFrameReplacesForTheRestOfIt(path: Path) {
    run(path) {
      let scope = ImplicitScope()
      @Implicit var first = Wallet(balance: 1)
      do {
        @Implicit var second = Wallet(balance: 2)
        #expect(ImplicitScope.read(Wallet.self)?.balance == 2)
      }
      @Implicit var wallet: Wallet
      #expect(wallet.balance == 2)
      wallet = Wallet(balance: 3)  // assignment re-declares
      #expect(ImplicitScope.read(Wallet.self)?.balance == 3)
      expectInvariants()
      scope.end()
      #expect(ImplicitScope.read(Wallet.self) == nil)
    }
  }

  @Test(arguments: Path.allCases)
  func rootScopeInsideAnotherKeepsOuterValuesVisible(path: Path) {
    run(path) {
      let outer = ImplicitScope()
      @Implicit var logger = Logger("outer")
      let root = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 7)
      #expect(ImplicitScope.read(Logger.self)?.name == "outer")
      #expect(ImplicitScope.read(Wallet.self)?.balance == 7)
      root.end()
      #expect(ImplicitScope.read(Wallet.self) == nil)
      outer.end()
    }
  }

  @Test(arguments: Path.allCases)
  func deepNestingUnwindsEveryLevel(path: Path) {
    run(path) {
      var scopes = [ImplicitScope()]
      for level in 1...100 {
        scopes.append(scopes.last!.nested())
        @Implicit var wallet = Wallet(balance: level)
        if level.isMultiple(of: 10) { expectInvariants() }
      }
      for level in stride(from: 100, through: 1, by: -1) {
        #expect(ImplicitScope.read(Wallet.self)?.balance == level)
        scopes.removeLast().end()
      }
      #expect(ImplicitScope.read(Wallet.self) == nil)
      scopes.removeLast().end()
    }
  }

  @Test(arguments: Path.allCases)
  func valuesAreReleasedWhenTheirFrameEnds(path: Path) {
    run(path) {
      weak var released: Logger?
      let scope = ImplicitScope()
      do {
        let logger = Logger("temporary")
        released = logger
        @Implicit var declared = logger
      }
      #expect(released != nil)
      scope.end()
      #expect(released == nil)
    }
  }

  @Test func endingTheOutermostScopeLeavesNothingOnTheThread() {
    let empty = onThread {
      for _ in 0..<1_000 {
        let scope = ImplicitScope()
        @Implicit var wallet = Wallet(balance: 1)
        @Implicit var logger = Logger("x")
        for index in 0..<40 { @Implicit(\.discount) var discount = Double(index) }
        scope.end()
      }
      return threadContextIsEmpty
    }
    #expect(empty)
  }

  @Test func withScopeFormsReturnTheBodyValueAndEnd() throws {
    let result = withScope { outer in
      @Implicit var wallet = Wallet(balance: 9)
      return withScope(nesting: outer) { _ in
        @Implicit var wallet: Wallet
        return wallet.balance
      }
    }
    #expect(result == 9)
    #expect(ImplicitScope.read(Wallet.self) == nil)

    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try withScope { _ in
        @Implicit var wallet = Wallet(balance: 1)
        throw Failure()
      }
    }
    #expect(ImplicitScope.read(Wallet.self) == nil)
  }
}
