// A storage module: factories with written return types, used by the app below.
import Implicits

public final class Database: Sendable {
  public struct Options: Sendable { public init() {} }
  public static func open() -> Database { Database() }
  public static func open(path: String) -> Self { Self() }
  public static func options() -> Options { Options() }
  init() {}
  required init(copy: Void) {}
}

public func makeMigrator(for database: Database) -> Migrator { Migrator() }
public struct Migrator: Sendable { public init() {} }

public func migrate(_ scope: ImplicitScope) {
  @Implicit var database: Database
  @Implicit var migrator: Migrator
}

public func configure(_ scope: ImplicitScope) {
  @Implicit var options: Database.Options
}

// Overloads returning different types: the analyzer cannot tell which is meant.
public enum Cache {
  public static func make(_ size: Int) -> Int { size }
  public static func make(_ name: String) -> String { name }
}
