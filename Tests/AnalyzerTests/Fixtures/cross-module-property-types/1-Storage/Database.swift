// A storage module: the database type the container below hands out.
import Implicits

public final class Database: Sendable {
  public static func open(_ name: String) -> Database { Database() }
  init() {}
}

public func migrate(_ scope: ImplicitScope) {
  @Implicit var database: Database
  _ = database
}
