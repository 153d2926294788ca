// Pasted as a user would from yandex/implicits' README, with the names changed to ours.
import Implicits

public struct UserSession: Sendable {
  public var userID: String
  public var token: String
  public init(userID: String, token: String) {
    self.userID = userID
    self.token = token
  }
}

public final class NetworkService: Sendable {
  public init() {}
  public func get(_ path: String, token: String) -> String { "GET \(path) as \(token)" }
}

extension ImplicitsKeys {
  public static let session = Key<UserSession>()
  public static let darkMode = Key<Bool>()
}

@_spi(Implicits)
public func loadProfile(_: ImplicitScope) -> String {
  @Implicit()
  var network: NetworkService
  @Implicit(\.session)
  var session: UserSession
  return network.get("/users/\(session.userID)", token: session.token)
}

@_spi(Implicits)
public func loadSettings(_ scope: ImplicitScope) -> String {
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(\.session, to: \.userID) { $0.userID }
  @Implicit(\.darkMode)
  var darkMode = false
  return "\(render(scope)) dark=\(darkMode)"
}

func render(_ scope: ImplicitScope) -> String {
  @Implicit(\.userID) var userID: String
  @Implicit(\.darkMode) var darkMode: Bool
  return "\(userID)\(darkMode ? " (dark)" : "")"
}

/// The README's start-up: declare at the root and pass only the scope.
public func referenceMain() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit()
  var network = NetworkService()
  @Implicit(\.session)
  var session = UserSession(userID: "u1", token: "t1")

  var pages = [loadProfile(scope), loadSettings(scope)]
  let later = withLaterImplicits { scope in
    loadProfile(scope)
  }
  withScope(nesting: scope) { scope in
    @Implicit(\.session)
    var session = UserSession(userID: "guest", token: "-")
    pages.append(loadProfile(scope))
  }
  pages.append(later())
  return pages
}
