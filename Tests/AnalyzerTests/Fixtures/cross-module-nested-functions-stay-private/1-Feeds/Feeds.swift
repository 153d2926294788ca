import Implicits

public struct FeedClient { public init() {} }

/// Refreshes the feed with the client in scope.
public func refresh(_ scope: ImplicitScope) {
  @Implicit var client: FeedClient
}

/// The client the app is configured with.
public func currentFeed() -> FeedClient { FeedClient() }
