import Testing

@testable import Implicits

/// A `deinit` that ends the scope being ended, on the thread path (the task path's case is
/// in AsyncDiagnosticsTests).
@Suite struct ThreadReentrantEndTests {
  @Test func aDeinitEndingTheScopeBeingEndedOnAThreadIsEndedTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      onThread { endAScopeWhoseValueEndsItAgain() }
    }
    let text = standardError(of: result)
    #expect(text.contains("scope ended twice"))
  }
}
