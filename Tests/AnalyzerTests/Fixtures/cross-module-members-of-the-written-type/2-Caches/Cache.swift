import Implicits

public struct Disk: Sendable {
  public init() {}
}

/// Unrelated to `Feed`, with a `load(_:)` that needs something else.
public struct Cache {
  public init() {}

  public func load(_ scope: ImplicitScope) {
    @Implicit var disk: Disk
    _ = disk
  }
}

extension Cache {
  /// A method of `Cache` only: a `Feed` never reaches it.
  public func refresh(_ scope: ImplicitScope) {
    @Implicit var disk: Disk
    _ = disk
  }
}
