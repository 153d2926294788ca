// A failable initializer declares an optional: `Int("5")` is an `Int?`.
struct Settings {
  let retries: Int
  init?(json: String) {
    guard !json.isEmpty else { return nil }
    retries = 3
  }
}

func retry(_ scope: ImplicitScope) {
  @Implicit var retries: Int // expected-note@:17 {{'Int' is read here}}
}

func maybeRetry(_ scope: ImplicitScope) {
  @Implicit var retries: Int?
}

func applySettings(_ scope: ImplicitScope) {
  @Implicit var settings: Settings // expected-note@:17 {{'Settings' is read here}}
}

func configure() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Int' at this entry point}}
  defer { scope.end() }
  @Implicit var retries = Int("5")
  retry(scope) // expected-note@:3 {{'Int' is required by the call to 'retry(_:)'}}
  maybeRetry(scope)
}

func configureWithDefault() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var retries: Int = Int("5") ?? 3
  retry(scope)
}

func loadSettings() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Settings' at this entry point}}
  defer { scope.end() }
  @Implicit var settings = Settings(json: "{}")
  applySettings(scope) // expected-note@:3 {{'Settings' is required by the call to 'applySettings(_:)'}}
}

func loadSettingsOrCrash() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var settings = Settings(json: "{}")!
  @Implicit var port = Int(8080)
  applySettings(scope)
  retry(scope)
}

func unknownConversion(_ total: Double) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var count = Int(total) // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'count'}}
}
