import Implicits

// Extensions of view models in another file, as apps split them.

extension ProfileViewModel {
  func rename(to newName: String, _ scope: ImplicitScope) {
    @Implicit var clock: Clock
    name = newName + " \(clock.now())"
  }

  func rename(_ scope: ImplicitScope) {
    rename(to: name, scope)
  }
}

extension FeedViewModel.Item {
  static func placeholder(_ scope: ImplicitScope) -> Self {
    @Implicit(\.locale) var locale: String
    return Self(id: -1, title: locale)
  }
}
