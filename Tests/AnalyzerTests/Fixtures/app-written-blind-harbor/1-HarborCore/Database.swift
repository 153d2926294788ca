import Foundation
import Implicits

/// A row as the driver returns it.
public struct Row: Sendable {
  public var columns: [String: String]
  public init(_ columns: [String: String]) { self.columns = columns }
  public subscript(column: String) -> String? { columns[column] }
}

public enum DatabaseError: Error, Equatable {
  case poolExhausted
  case noSuchTable(String)
}

/// A connection checked out of the pool.
public struct Connection: Sendable {
  public let id: Int
  let tables: [String: [Row]]

  public func query(_ table: String) throws(DatabaseError) -> [Row] {
    guard let rows = tables[table] else { throw .noSuchTable(table) }
    return rows
  }
}

/// Hands out a bounded number of connections.
public actor ConnectionPool {
  private var free: [Int]
  private let tables: [String: [Row]]
  public private(set) var checkouts = 0

  public init(size: Int, tables: [String: [Row]]) {
    free = Array(1...size)
    self.tables = tables
  }

  public func acquire() throws(DatabaseError) -> Connection {
    guard let id = free.popLast() else { throw .poolExhausted }
    checkouts += 1
    return Connection(id: id, tables: tables)
  }

  public func release(_ connection: Connection) { free.append(connection.id) }
}

/// Checks a connection out for one body and returns it, whatever the body does.
public func withConnection<T: Sendable>(
  _ scope: ImplicitScope,
  _ body: (Connection) throws -> T
) async throws -> T {
  @Implicit var pool: ConnectionPool
  @Implicit var metrics: Metrics
  let connection = try await pool.acquire()
  metrics.increment("db.checkout")
  do {
    let result = try body(connection)
    await pool.release(connection)
    return result
  } catch {
    await pool.release(connection)
    throw error
  }
}
