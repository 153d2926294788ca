public struct HTTPClient: Sendable {
  public init() {}
  public func get(_ path: String, headers: [String: String]) -> [String] { [path] }
}

public struct Profile: Sendable {
  public let name: String
}

public final class ProfileService {
  public init() {}

  public func fetchProfile(_ scope: ImplicitScope) -> Profile {
    @Implicit var client: HTTPClient
    let headers = signedHeaders(scope)
    return Profile(name: client.get("/me", headers: headers).first ?? "")
  }

  /// Private: the chain passes through it on the way to the read.
  private func signedHeaders(_ scope: ImplicitScope) -> [String: String] {
    ["Authorization": authorize(scope)]
  }
}
