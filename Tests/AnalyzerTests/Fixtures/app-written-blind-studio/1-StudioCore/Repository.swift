import Implicits

/// Something a repository can persist.
public protocol Storable {
  associatedtype ID: Hashable & CustomStringConvertible
  var id: ID { get }
  var encoded: String { get }
  static var kind: String { get }
}

/// A generic repository over the shared store; it reads its store and logger when created.
public final class Repository<Entity: Storable> {
  @Implicit var store: KeyValueStore
  @Implicit var logger: Logger
  private var cache: [Entity.ID: Entity] = [:]

  public init(_ scope: ImplicitScope) {}

  public func save(_ entity: Entity) {
    cache[entity.id] = entity
    store.put("\(Entity.kind)/\(entity.id)", entity.encoded)
    logger.log("saved \(Entity.kind) \(entity.id)")
  }

  public func find(_ id: Entity.ID) -> Entity? { cache[id] }
  public var count: Int { cache.count }
}

public struct Document: Storable, Sendable, Equatable {
  public var id: String
  public var text: String
  public var author: String
  public init(id: String, text: String, author: String) {
    self.id = id
    self.text = text
    self.author = author
  }
  public var encoded: String { "\(author):\(text)" }
  public static var kind: String { "doc" }
}

/// Builds a repository in the caller's scope: the way the app's modules get one.
public func makeRepository<E: Storable>(of type: E.Type, _ scope: ImplicitScope) -> Repository<E> {
  Repository<E>(scope)
}
