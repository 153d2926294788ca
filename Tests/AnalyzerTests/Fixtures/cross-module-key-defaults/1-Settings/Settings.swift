import Implicits

extension ImplicitsKeys {
  public static let retries = Key<Int>(default: 3)
  public static let apiKey = Key<String>()
}

public struct Clock: DefaultImplicit {
  public static var defaultImplicit: Clock { Clock() }
}

public func retryPolicy(_ scope: ImplicitScope) -> Int {
  @Implicit(\.retries) var retries: Int
  @Implicit var clock: Clock
  return retries
}

public func authorize(_ scope: ImplicitScope) {
  @Implicit(\.apiKey) var apiKey: String
}
