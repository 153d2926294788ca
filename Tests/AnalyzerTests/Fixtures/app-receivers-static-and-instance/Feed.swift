import Implicits

final class Feed {
  init() {}
  func reload(_ scope: ImplicitScope) {
    sync(scope)
  }
}

extension Feed {
  private func sync(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}
