import Implicits

public struct Theme {
  public let name: String
  public init(name: String) { self.name = name }
}

/// A screen made with a scope: `Screen(scope)` in another module reads its Theme.
public final class Screen {
  public let title: String

  public init(_ scope: ImplicitScope) {
    @Implicit var theme: Theme
    title = theme.name
  }
}
