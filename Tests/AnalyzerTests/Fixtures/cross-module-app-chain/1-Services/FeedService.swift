public struct Post: Sendable {
  public let title: String
}

public struct FeedService {
  public init() {}

  public func load(_ scope: ImplicitScope) -> [Post] {
    record("feed.load", scope)
    return [Post(title: "Hello")]
  }

  /// Needs nothing: no chain, no notes.
  public func cached() -> [Post] { [] }
}
