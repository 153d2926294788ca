// An actor that keeps recent readings per bed, aged by the implicit clock it reads once.
import Implicits

public actor ReadingCache {
  @Implicit var clock: any Clock
  private var entries: [BedID: (stamp: Int, readings: [Reading])] = [:]
  private var loads = 0
  public nonisolated let name: String
  public let maxAge: Int

  public init(name: String, maxAge: Int, _ scope: ImplicitScope) {
    self.name = name
    self.maxAge = maxAge
  }

  public nonisolated var label: String { "cache(\(name))" }

  public var loadCount: Int { loads }

  /// The cached readings, or `load`'s (awaited here, so it runs before this returns).
  public func readings(
    for bed: BedID, load: @Sendable () async throws -> [Reading]
  ) async rethrows -> [Reading] {
    let now = clock.now()
    if let entry = entries[bed], now - entry.stamp <= maxAge {
      return entry.readings
    }
    loads += 1
    let fresh = try await load()
    entries[bed] = (now, fresh)
    return fresh
  }

  public func forget(_ bed: BedID) { entries[bed] = nil }
}
