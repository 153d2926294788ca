import Core
import ImplicitsTesting
import Testing

@Suite struct CoreTests {
  @Test(.implicits {
    @Implicit var logger = Logger(label: "core")
    @Implicit(\.requestID) var requestID = "t-1"
  }, arguments: ["Dune", "Emma"])
  func describeNamesTheRequest(title: String) {
    let text = withScope { scope in describe(title, scope) }
    #expect(text == "t-1: \(title)")
  }

  @Test func lendingRespectsTheQuota() throws {
    let store = BookStore.sample()
    try withScope { scope in
      @Implicit var logger = Logger(label: "quota")
      @Implicit var quota = Quota(maxLoans: 1)
      @Implicit(\.userName) var user = "kim"
      @Implicit(\.requestID) var requestID = "t-2"
      _ = try store.lend(1, scope)
      #expect(throws: StoreError.overQuota(user: "kim", limit: 1)) {
        try store.lend(2, scope)
      }
    }
  }

  @Test(.implicits {
    @Implicit var logger = Logger(label: "report")
    @Implicit var store = BookStore.sample()
    @Implicit var quota = Quota(maxLoans: 4)
  })
  func reportUsesTheDefaultClock() {
    let text = withScope { scope in Report.make(scope).make(scope) }
    #expect(text == "report@1005 limit 4: Dune; Emma; Ulysses")
  }
}
