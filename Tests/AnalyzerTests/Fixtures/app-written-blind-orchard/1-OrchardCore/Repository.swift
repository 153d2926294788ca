// A generic in-memory repository. It journals every change, so creating one needs the
// journal; what it stores only has to be identifiable.
import Implicits

public protocol Identified: Sendable {
  associatedtype ID: Hashable & Comparable & Sendable
  var id: ID { get }
}

extension Survey: Identified {
  public var id: BedID { bed }
}

public final class Repository<Item: Identified>: @unchecked Sendable {
  @Implicit public var journal: Journal
  private var items: [Item.ID: Item] = [:]
  private let lock = NSLockLite()
  public let label: String

  public init(label: String, _ scope: ImplicitScope) {
    self.label = label
  }

  public func save(_ item: Item) {
    lock.locked { items[item.id] = item }
    journal.write("\(label): saved \(item.id)")
  }

  public func all() -> [Item] {
    lock.locked { items.values.sorted { $0.id < $1.id } }
  }

  public subscript(id: Item.ID) -> Item? { lock.locked { items[id] } }
}

extension Repository where Item == Survey {
  /// The beds whose last survey was below the profile's dry mark.
  public func dryBeds(_ scope: ImplicitScope) -> [BedID] {
    @Implicit var profile: SoilProfile
    return all().filter { $0.moisture < profile.dry }.map(\.bed)
  }
}

/// Saves every item, journaling under the current region.
public func saveAll<R: Identified, S: Sequence>(_ items: S, into repository: Repository<R>, _ scope: ImplicitScope)
where S.Element == R {
  @Implicit(\.region) var region: String
  @Implicit var journal: Journal
  var count = 0
  for item in items {
    repository.save(item)
    count += 1
  }
  journal.write("\(region): \(count) saved into \(repository.label)")
}
