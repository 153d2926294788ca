public struct Session { public init() {} }
public struct Logger { public init() {} }

public func authenticate(_ scope: ImplicitScope) {
  @Implicit var session: Session
  audit(scope)
}

func audit(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

public struct Client {
  public init() {}
  public func send(_ scope: ImplicitScope, retries: Int = 1) {
    @Implicit var session: Session
  }
}

extension ImplicitsKeys {
  public static let region = Key<String>()
}
