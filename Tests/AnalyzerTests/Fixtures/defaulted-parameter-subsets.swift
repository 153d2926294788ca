// Any subset of defaulted parameters may be given.
struct HTTPClient { init() {} }

func request(
  _ path: String, _ scope: ImplicitScope, method: String = "GET", body: String? = nil,
  headers: [String: String] = [:], timeout: Double = 30, retries: Int = 0, cache: Bool = true
) {
  @Implicit var client: HTTPClient // expected-note@:17 {{'HTTPClient' is read here}}
}

func api(_ scope: ImplicitScope) {
  request("/a", scope)
  request("/b", scope, method: "POST", retries: 2)
  request("/c", scope, body: "{}", timeout: 5, cache: false)
  request("/d", scope, headers: ["x": "y"], retries: 1, cache: true)
  request("/e", scope, method: "PUT", body: nil, headers: [:], timeout: 1, retries: 1, cache: false)
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'HTTPClient' at this entry point}}
  defer { scope.end() }
  request("/f", scope, timeout: 2, cache: false) // expected-note@:3 {{'HTTPClient' is required by the call to 'request(_:_:timeout:cache:)'}}
}

func mainWithClient() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var client = HTTPClient()
  api(scope)
}
