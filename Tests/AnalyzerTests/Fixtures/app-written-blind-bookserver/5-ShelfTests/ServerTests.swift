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
  func healthAndLendingAnswer() async throws {  // false error, closures of the alias Handler are one set: the lend route reads '\.userName', which only AuthMiddleware declares before it calls next (closures of one alias are not told apart: DocC, Build-time analysis): expected-error@:8 [unresolved-implicit] {{unresolved implicit '\.userName' of Core at this entry point}}
    let responses = await withScope { scope in
      let server = BookServer(tokens: ["tok-eve"], scope)
      return await server.serve([  // expected-note@:20 {{'\.userName' of Core is required by the call to 'serve(_:_:)' here}} expected-note@:20 {{'\.userName' of Core is required by the call to 'handle(_:id:_:)' in a closure in 'BookServer.serve(_:_:)'}} expected-note@:20 {{'\.userName' of Core is required by the '(_, ImplicitScope)' closures that the call in 'BookServer.handle(_:id:_:)' at app-written-blind-bookserver/2-Server/BookServer.swift:57:24 may run (one calls 'BooksController.lend(_:_:)')}} expected-note@:20 {{'\.userName' of Core is required by the call to 'lend(_:_:)' in 'BooksController.lend(_:_:)'}} expected-note@:20 {{'\.userName' of Core is read in 'BookStore.lend(_:_:)'}}
        Request(.get, "/health"),
        Request(.post, "/books/lend", query: ["id": "2", "token": "tok-eve"]),
      ], scope)
    }
    #expect(responses.map(\.status) == [200, 200])
    #expect(responses[0].body == "test-shelf ok")
    #expect(responses[1].body == "lent Emma to eve")
  }

  @Test(.implicits { @Implicit var quota = Quota(maxLoans: 3) }, arguments: [1, 2, 3])
  func detailsOfEachBook(id: Int) async throws {  // false error, closures of the alias Handler are one set: the lend route reads '\.userName', which only AuthMiddleware declares before it calls next (closures of one alias are not told apart: DocC, Build-time analysis): expected-error@:8 [unresolved-implicit] {{unresolved implicit '\.userName' of Core at this entry point}}
    try await withScope { scope in
      let server = BookServer(tokens: [], scope)
      let stats = try await server.run(batches: [[Request(.get, "/books/details", query: ["id": "\(id)"])]], scope)  // expected-note@:29 {{'\.userName' of Core is required by the call to 'run(batches:_:)' here}} expected-note@:29 {{'\.userName' of Core is required by the call to 'serve(_:_:)' in a closure in 'BookServer.run(batches:_:)'}} expected-note@:29 {{'\.userName' of Core is required by the call to 'handle(_:id:_:)' in a closure in 'BookServer.serve(_:_:)'}} expected-note@:29 {{'\.userName' of Core is required by the '(_, ImplicitScope)' closures that the call in 'BookServer.handle(_:id:_:)' at app-written-blind-bookserver/2-Server/BookServer.swift:57:24 may run (one calls 'BooksController.lend(_:_:)')}} expected-note@:29 {{'\.userName' of Core is required by the call to 'lend(_:_:)' in 'BooksController.lend(_:_:)'}} expected-note@:29 {{'\.userName' of Core is read in 'BookStore.lend(_:_:)'}}
      #expect(stats.served == 1 && stats.failed == 0 && stats.closedSessions == 0)
    }
  }
}
