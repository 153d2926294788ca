// A call on a value of a dependency's type reaches that type's methods: another
// dependency's method of the same name on an unrelated type is no candidate (issue 18
// item 8: `dependencyMembers` matched by name only and reported an ambiguous call).
import Implicits

public struct FeedStore: Sendable {
  public init() {}
}

public struct Feed {
  public init() {}

  public func load(_ scope: ImplicitScope) {
    @Implicit var store: FeedStore
    _ = store
  }
}

public protocol Refreshable {}

extension Refreshable {
  /// Reached through any conforming type, also one declared elsewhere.
  public func refresh(_ scope: ImplicitScope) {
    @Implicit var store: FeedStore
    _ = store
  }
}

extension Feed: Refreshable {}
