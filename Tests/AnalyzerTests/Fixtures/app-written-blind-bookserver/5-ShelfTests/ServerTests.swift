import Core
import ImplicitsTesting
import Server
import Testing

@Suite(.implicits {
  @Implicit var logger = Logger(label: "test")
  @Implicit var store = BookStore.sample()
  @Implicit(\.serverName) var serverName = "test-shelf"
})
struct ServerTests {
  @Test(.implicits { @Implicit var quota = Quota(maxLoans: 1) })
  func healthAndLendingAnswer() async throws {
    let responses = await withScope { scope in
      let server = BookServer(tokens: ["tok-eve"], scope)
      return await server.serve([
        Request(.get, "/health"),
        Request(.post, "/books/lend", query: ["id": "2", "token": "tok-eve"]),
      ], scope)
    }
    #expect(responses.map(\.status) == [200, 200])
    #expect(responses[0].body == "test-shelf ok")
    #expect(responses[1].body == "lent Emma to eve")
  }

  @Test(.implicits { @Implicit var quota = Quota(maxLoans: 3) }, arguments: [1, 2, 3])
  func detailsOfEachBook(id: Int) async throws {
    try await withScope { scope in
      let server = BookServer(tokens: [], scope)
      let stats = try await server.run(batches: [[Request(.get, "/books/details", query: ["id": "\(id)"])]], scope)
      #expect(stats.served == 1 && stats.failed == 0 && stats.closedSessions == 0)
    }
  }
}
