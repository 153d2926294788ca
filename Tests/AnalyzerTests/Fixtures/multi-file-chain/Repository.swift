final class Repository {
  static let shared = Repository()
  init() {}

  func load(_ scope: ImplicitScope) {
    fetch(scope)
    persist(scope)
  }
}
