import Testing

@testable import Implicits

/// A `deinit` that ends the scope being ended, on the thread path (the task path's case is
/// in AsyncDiagnosticsTests).
@Suite struct ThreadReentrantEndTests {
  @Test func aDeinitEndingTheScopeBeingEndedOnAThreadIsEndedTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      onThread {
        let outer = ImplicitScope()
        @Implicit var wallet = Wallet(balance: 1)
        let scope = outer.nested()
        @Implicit var holder = EndsItsScope(scope)
        _ = holder
        scope.end()
        #expect(readBalance() == 1)
        outer.end()
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("scope ended twice"))
  }
}
