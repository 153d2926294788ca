#if ImplicitsMacros
import Testing

import Implicits

// Code in the style of yandex/implicits' README, compiled against this package. Named keys
// use `@NamedImplicitKey` because this test target does not run the analysis plugin (with
// the plugin, the bare `static let` of the reference works unchanged; see Examples/).

final class NetworkService: Sendable {
  let host: String
  init(host: String = "api.shop.test") { self.host = host }
}

extension ImplicitsKeys {
  @NamedImplicitKey static let apiToken = Key<String>()
}

final class ProductScreen {
  @Implicit()
  var network: NetworkService

  @Implicit(\.apiToken)
  var token: String

  // Captures what `reload` needs; restored when it runs, after the creating scope ended.
  let implicits = #implicits

  init(_ scope: ImplicitScope) {}

  func reload() -> String {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return fetch(scope)
  }
}

func fetch(_ scope: ImplicitScope) -> String {
  @Implicit() var network: NetworkService
  @Implicit(\.apiToken) var token: String
  return "\(network.host) with \(token)"
}

func makeScreen() -> ProductScreen {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit()
  var network = NetworkService()

  @Implicit(\.apiToken)
  var token = "secret"

  return ProductScreen(scope)
}

@Suite struct DropInTests {
  @Test func referenceStyleCodeCompilesAndBehavesTheSame() {
    let screen = makeScreen()
    #expect(screen.network.host == "api.shop.test")
    #expect(screen.token == "secret")
    #expect(screen.reload() == "api.shop.test with secret")
  }

  @Test func closuresCaptureWithTheMacro() {
    let action: () -> String = withScope { scope in
      @Implicit var network = NetworkService(host: "closure.test")
      @Implicit(\.apiToken) var token = "t"
      return { [implicits = #implicits] in
        withScope(with: implicits) { scope in fetch(scope) }
      }
    }
    #expect(action() == "closure.test with t")
  }
}
#endif
