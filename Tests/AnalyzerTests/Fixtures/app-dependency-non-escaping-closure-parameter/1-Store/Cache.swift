// A cache in a dependency: `load` runs before `readings(for:load:)` returns, so a closure
// passed there may use its caller's scope. (The fifth blind round's survey read through
// such an actor cache.)
import Implicits

public struct Journal { public init() {} }

public func probe(_ bed: Int, _ scope: ImplicitScope) -> [Double] {
  @Implicit var journal: Journal
  return [Double(bed)]
}

public actor ReadingCache {
  private var entries: [Int: [Double]] = [:]
  public init() {}
  public func readings(for bed: Int, load: () async throws -> [Double]) async rethrows -> [Double] {
    if let entry = entries[bed] { return entry }
    let fresh = try await load()
    entries[bed] = fresh
    return fresh
  }
}

public final class Box {
  public init() {}
  public func value(_ make: () -> Int) -> Int { make() }
}

/// Runs `work` later, after the caller returned.
public func schedule(_ work: @escaping () -> Void) {}
