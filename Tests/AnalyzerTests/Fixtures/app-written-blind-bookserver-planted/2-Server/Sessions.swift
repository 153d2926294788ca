import Core
import Implicits

public struct Session: Sendable, Equatable {
  public let user: String
  public let openedAt: Int
}

/// Open sessions by user; one per user.
actor SessionStore {
  @Implicit var logger: Logger
  private var sessions: [String: Session] = [:]

  init(_ scope: ImplicitScope) {}

  /// The signed-in user's session, opened on first use.
  func current(_ scope: ImplicitScope) -> Session {
    @Implicit(\.userName) var user: String
    if let session = sessions[user] { return session }
    @Implicit var clock: Clock
    let session = Session(user: user, openedAt: clock.stamp(sessions.count))
    sessions[user] = session
    logger.log("session for \(user)")
    return session
  }

  var count: Int { sessions.count }

  /// Closes every session; called once while the server shuts down.
  func closeAll() -> Int {
    let closed = sessions.count
    sessions.removeAll()
    logger.log("closed \(closed) sessions")
    return closed
  }
}
