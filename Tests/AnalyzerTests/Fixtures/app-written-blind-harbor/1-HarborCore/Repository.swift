import Foundation
import Implicits

/// A table of models; conformers say how a row becomes a model.
public protocol Repository: Sendable {
  associatedtype Model: Sendable
  var table: String { get }
  func decode(_ row: Row) -> Model?
}

extension Repository {
  /// Every model of the table, at most `\.pageSize` of them.
  public func all(_ scope: ImplicitScope) async throws -> [Model] {
    @Implicit(\.pageSize) var pageSize: Int
    let rows = try await withConnection(scope) { connection in try connection.query(table) }
    audit("read \(rows.count) rows of \(table)", scope)
    return Array(rows.prefix(pageSize).compactMap(decode))
  }

  /// The first model that matches, looked up the same way.
  public func first(where predicate: (Model) -> Bool, _ scope: ImplicitScope) async throws -> Model? {
    try await all(scope).first(where: predicate)
  }
}

public struct User: Sendable, Equatable, CustomStringConvertible {
  public var id: Int
  public var name: String
  public var tenant: String
  public init(id: Int, name: String, tenant: String) {
    self.id = id
    self.name = name
    self.tenant = tenant
  }
  public var description: String { "\(name)#\(id)" }
}

public struct UserRepository: Repository {
  public init() {}
  public var table: String { "users" }
  public func decode(_ row: Row) -> User? {
    guard let id = row["id"].flatMap({ Int($0) }), let name = row["name"] else { return nil }
    return User(id: id, name: name, tenant: row["tenant"] ?? "public")
  }
}

/// Names of the models that satisfy a condition, for any repository of describable models.
public func names<R: Repository>(
  in repository: R,
  matching predicate: (R.Model) -> Bool,
  _ scope: ImplicitScope
) async throws -> [String] where R.Model: CustomStringConvertible {
  try await repository.all(scope).filter(predicate).map(\.description)
}

/// The fixture data every run of the program starts from.
public enum SeedData {
  public static let tables: [String: [Row]] = [
    "users": [
      Row(["id": "1", "name": "ada", "tenant": "acme"]),
      Row(["id": "2", "name": "bob", "tenant": "acme"]),
      Row(["id": "3", "name": "cyd", "tenant": "globex"]),
    ],
    "photos": [Row(["id": "10", "title": "harbor"]), Row(["id": "11", "title": "boats"])],
  ]
}
