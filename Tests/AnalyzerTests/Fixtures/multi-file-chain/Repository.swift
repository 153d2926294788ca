final class Repository {
  static let shared = Repository()
  init() {}

  func load(_ scope: ImplicitScope) {
    fetch(scope)
    persist(scope) // expected-note@:5 {{'Storage' is required by the call to 'persist(_:)' here}}
  }
}
