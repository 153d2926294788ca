#if ImplicitsAnalysis
import Testing

@testable import ImplicitsAnalysis

/// The declaration an `unresolved-implicit` error suggests names the variable the way
/// Swift's API guidelines would (issue 18, item 8, session 9: `APIClient` gave `aPIClient`).
struct DeclarationExampleTests {
  @Test(arguments: [
    ("Wallet", "wallet"), ("APIClient", "apiClient"), ("URLSession", "urlSession"), ("ID", "id"),
    ("HTTPRequest", "httpRequest"), ("API2Client", "api2Client"), ("X", "x"), ("userID", "userID"),
  ])
  func lowersTheInitialism(_ type: String, _ variable: String) {
    #expect(variableName(for: type) == variable)
  }

  @Test func suggestsTheDeclarationOfATypeKey() {
    #expect(KeyName("App.APIClient").declarationExample == "@Implicit var apiClient = App.APIClient(…)")
  }
}
#endif
