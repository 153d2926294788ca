public struct Token { public init() {} }

public func sign(_ scope: ImplicitScope) {
  @Implicit var token: Token
}
