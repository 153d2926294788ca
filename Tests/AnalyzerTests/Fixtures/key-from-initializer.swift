// The declared type comes from the initializer when the syntax tells it.
protocol PaymentGateway {}
struct StripeGateway: PaymentGateway { init() {} }
struct Config { init() {} }

func loadConfig() -> Config { Config() }
func fetchToken() async throws -> String { "" }

enum Environment {
  static func current() -> Config { Config() }
}

func pay(_ scope: ImplicitScope) {
  @Implicit var gateway: any PaymentGateway
  @Implicit var config: Config
  @Implicit var token: String // expected-note@:17 {{'String' is read here}}
}

func maybePay(_ scope: ImplicitScope) {
  @Implicit var token: String?
}

func checkout() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var gateway = StripeGateway() as any PaymentGateway
  @Implicit var config = loadConfig()
  @Implicit var token = try await fetchToken()
  pay(scope)
}

func checkoutWithStaticFactory() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'String' at this entry point}}
  defer { scope.end() }
  @Implicit var gateway: any PaymentGateway = StripeGateway()
  @Implicit var config = Environment.current()
  @Implicit var token = try? await fetchToken()
  pay(scope) // expected-note@:3 {{'String' is required by the call to 'pay(_:)'}}
  maybePay(scope)
}

func unknownFactory() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = makeSession() // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'session'}}
}
