// `#expect` and `#require` run their closures in place.
import Testing

struct Network { init() {} }
enum LoadError: Error { case offline }

func load(_ scope: ImplicitScope) throws -> Int {
  @Implicit var network: Network // expected-note@:17 {{'Network' is read here}}
  throw LoadError.offline
}

@Test func loadingFailsOffline() throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  #expect(throws: LoadError.self) { try load(scope) }
  #expect(throws: LoadError.self) {
    _ = try load(scope)
  }
  #expect(performing: { try load(scope) }, throws: { $0 is LoadError })
  let error = try #require(throws: LoadError.self) { try load(scope) }
  _ = error
}

@Test func missingNetwork() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Network' at this entry point}}
  defer { scope.end() }
  #expect(throws: LoadError.self) { try load(scope) } // expected-note@:35 {{'Network' is required by the}} // expected-note@:41 {{'Network' is required by the call to 'load(_:)' here}}
}
