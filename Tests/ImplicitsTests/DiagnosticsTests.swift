import Testing

@testable import Implicits

/// Each misuse stops the process; an exit test runs it in a child process and checks the
/// message it printed.
@Suite struct DiagnosticsTests {
  @Test func readingAMissingTypeKeyNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit var wallet: Wallet
      _ = wallet
    }
    let text = standardError(of: result)
    #expect(text.contains("no implicit value for key 'ImplicitsTests.Wallet'"))
    #expect(text.contains("DiagnosticsTests.swift"))
    #expect(text.contains("ImplicitScope()"))
    // Named as the analyzer's fix names it.
    #expect(text.contains("e.g. `@Implicit var wallet = ImplicitsTests.Wallet(…)`"), "\(text)")
  }

  /// A leading initialism is lowered whole, as the analyzer's fix and Swift's API
  /// guidelines do (`aPIClient` was printed for `APIClient`).
  @Test(arguments: [
    ("MyApp.Wallet", "wallet"), ("MyApp.APIClient", "apiClient"), ("MyApp.URLSession", "urlSession"),
    ("MyApp.ID", "id"), ("MyApp.X", "x"), ("MyApp.API2Client", "api2Client"),
  ])
  func aTypeKeysHintNamesTheVariableAsTheAnalyzerDoes(_ key: String, _ variable: String) {
    #expect(_Diagnostics.declarationHint(key) == "`@Implicit var \(variable) = \(key)(…)`")
  }

  @Test func readingAMissingProtocolKeySpellsItsDeclaration() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit var store: any CartStore
      _ = store
    }
    let text = standardError(of: result)
    // A protocol has no initializer: `CartStore(…)` would not compile.
    #expect(text.contains("e.g. `@Implicit var cartStore: any ImplicitsTests.CartStore = …`"), "\(text)")
  }

  @Test func readingAMissingNamedKeyNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit(\.discount) var discount: Double
      _ = discount
    }
    let text = standardError(of: result)
    #expect(text.contains("no implicit value for key 'discount'"))
    #expect(text.contains("@Implicit(\\.discount)"))
  }

  @Test func endingTwiceIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      scope.end()
      scope.end()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended twice"))
  }

  @Test func endingOutOfOrderIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let outer = ImplicitScope()
      _ = outer.nested()
      outer.end()
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended out of order"))
    #expect(text.contains("DiagnosticsTests.swift"))
  }

  @Test func endingOnAnotherThreadIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = onThread { ImplicitScope() }
      onThread { scope.end() }
    }
    let text = standardError(of: result)
    #expect(text.contains("on another thread than the one that created it"))
  }

  @Test func endingInAnotherTaskIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      await Task.detached { scope.end() }.value
    }
    let text = standardError(of: result)
    #expect(text.contains("on another task than the one that created it"))
  }

  @Test func declaringOutsideAnyScopeIsCaught() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      onThread {
        @Implicit var wallet = Wallet(balance: 1)
        _ = wallet
      }
    }
    let text = standardError(of: result)
    #expect(text.contains("declared at"))
    #expect(text.contains("outside any scope"))
  }

  /// The message is printed once (it was printed twice: written, then repeated by
  /// `fatalError`), in both the thread and the task paths.
  @Test func theMessageIsPrintedOnce() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      scope.end()
      scope.end()
    }
    let text = standardError(of: result)
    #expect(text.components(separatedBy: "scope ended twice").count == 2, "\(text)")
  }

  @Test func aMissingKeysMessageIsPrintedOnce() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit(\.discount) var discount: Double
      _ = discount
    }
    let text = standardError(of: result)
    #expect(text.components(separatedBy: "no implicit value for key").count == 2, "\(text)")
  }
}
