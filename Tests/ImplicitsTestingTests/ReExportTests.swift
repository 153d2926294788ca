// This file imports only ImplicitsTesting (no `import Implicits`): it compiles only while
// ImplicitsTesting re-exports the runtime, as README and DocC *Testing* promise.
import ImplicitsTesting
import Testing

@Suite(.implicits { @Implicit(\.owner) var owner = "suite" })
struct ImportingImplicitsTestingAlone {
  @Test func declaresReadsAndOpensScopes() {
    @Implicit(\.owner) var fromTrait: String
    let fromScope = withScope { _ in
      @Implicit(\.owner) var owner = "scope"
      @Implicit(\.owner) var read: String
      return read
    }
    #expect(fromTrait == "suite")
    #expect(fromScope == "scope")
  }
}
