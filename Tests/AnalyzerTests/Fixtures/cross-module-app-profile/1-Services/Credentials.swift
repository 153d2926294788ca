public struct Credentials: Sendable {
  public let token: String
  public init(token: String) { self.token = token }
}

/// Internal: the services sign with it; tests reach it with `@testable import`.
func authorize(_ scope: ImplicitScope) -> String {
  @Implicit var credentials: Credentials
  return "Bearer " + credentials.token
}

/// Internal too, one step above `authorize`.
func refreshToken(_ scope: ImplicitScope) -> String {
  let header = authorize(scope)
  return header.isEmpty ? "" : header + "; refreshed"
}
