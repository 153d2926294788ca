// Subclasses in another file than their base: three levels, and one that also writes a
// `convenience init`, which does not stop it inheriting the designated ones.
import Implicits

public struct Router { public init() {} }
public struct Theme { public init() {} }

// Inherits `ProfileViewModel`'s inherited `init(_ scope:)`: Logger, Session and Router.
open class DetailViewModel: ProfileViewModel {
  @Implicit public var router: Router
}

public final class SettingsViewModel: BaseViewModel {
  @Implicit public var theme: Theme

  public convenience init(_ scope: ImplicitScope, preview: Bool) {
    self.init(scope)
  }
}

// Not visible to importers: its inherited initializer is listed `private`.
private final class HiddenViewModel: BaseViewModel {}
