import Implicits

/// Private to this file: a dependant's `refresh(scope)` can never mean it.
private func refresh(_ scope: ImplicitScope) {
  @Implicit var theme: Theme
}

public func clearCache(_ scope: ImplicitScope) {
  refresh(scope)
}
